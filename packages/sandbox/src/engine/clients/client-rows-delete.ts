/**
 * Deleting a client with everything it owns (`/sandbox/client/delete`): every row
 * `store/client-rows.ts` assigns to it, children first, in the caller's transaction. Other
 * clients' rows are not touched (each statement selects by the client's own id).
 */
import { sql, type Transaction } from 'kysely';
import { CLIENT_OWNED_TABLES, clientRowsCondition } from '../store/client-rows.js';
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
