/**
 * Deleting a client with everything it owns (`/sandbox/client/delete`): every row
 * `store/client-rows.ts` assigns to it, children first, in the caller's transaction; or only its
 * world (`/sandbox/client/reset`, a restore of a snapshot). Other
 * clients' rows are not touched (each statement selects by the client's own id).
 */
import { sql, type Transaction } from 'kysely';
import { CLIENT_OWNED_TABLES, CLIENT_WORLD_TABLES, clientRowsCondition } from '../store/client-rows.js';
import type { Database } from '../store/database.js';

/** Deletes every row `clientId` owns, its own row last; whether the client existed. */
export async function deleteClientRows(trx: Transaction<Database>, clientId: string): Promise<boolean> {
  let existed = false;
  for (const table of CLIENT_OWNED_TABLES) {
    const deleted = await sql`delete from ${sql.table(table)} where ${clientRowsCondition(table, clientId)}`.execute(
      trx,
    );
    if (table === 'clients') {
      existed = Number(deleted.numAffectedRows ?? 0n) > 0;
    }
  }
  return existed;
}

/** Deletes the rows of `clientId`'s world (`CLIENT_WORLD_TABLES`), children first, in the caller's transaction. */
export async function deleteClientWorldRows(trx: Transaction<Database>, clientId: string): Promise<void> {
  for (const table of CLIENT_WORLD_TABLES) {
    await sql`delete from ${sql.table(table)} where ${clientRowsCondition(table, clientId)}`.execute(trx);
  }
}
