/**
 * A lock of one client's share of something (its live Items, its pending webhooks), held by a
 * transaction that counts that share and then adds to it, so that two transactions never both
 * count the same room and both take it. On PostgreSQL, where transactions run side by side, it is
 * a transaction-scoped advisory lock (released at commit or rollback; taken on every instance);
 * each later statement of the transaction reads with a fresh snapshot, so a count sent after it
 * sees what the previous holder committed. SQLite runs one writing transaction at a time and needs
 * no lock.
 */
import { CompiledQuery, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from './database.js';
import { statementsCostRoundTrips } from './statement-cost.js';

/**
 * The statement that locks `scope` (a name of what is counted, `items` say) of `clientId` until
 * `trx` ends, or `undefined` on a store that needs none. Send it before the count it guards,
 * together with it (`together.ts`: an `undefined` part is skipped).
 */
export function clientLockStatement(
  trx: Transaction<Database>,
  scope: string,
  clientId: string,
): CompiledQuery | undefined {
  if (!statementsCostRoundTrips(trx)) {
    return undefined;
  }
  return CompiledQuery.raw('select pg_advisory_xact_lock(hashtextextended($1, 0))', [
    `client-share/${scope}/${clientId}`,
  ]);
}

/**
 * The scope of a client's whole world: a reset or restore of it takes the lock alone
 * ({@link clientLockStatement}), every request of the client takes it shared with its first
 * statement ({@link clientWorldLockShared}), so a reset or restore waits for the requests in
 * flight and the next ones wait for it: each sees the world all before or all after.
 */
export const CLIENT_WORLD_SCOPE = 'world';

/**
 * A select expression (PostgreSQL) taking the world lock of the client in `clientIdColumn`
 * shared until the transaction ends (at once outside one).
 */
export function clientWorldLockShared(clientIdColumn: string): RawBuilder<unknown> {
  return sql`pg_advisory_xact_lock_shared(hashtextextended(${`client-share/${CLIENT_WORLD_SCOPE}/`} || ${sql.ref(clientIdColumn)}, 0))`;
}
