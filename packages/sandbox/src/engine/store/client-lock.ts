/**
 * A lock of one client's share of something (its live Items, its pending webhooks), held by a
 * transaction that counts that share and then adds to it, so that two transactions never both
 * count the same room and both take it. On PostgreSQL, where transactions run side by side, it is
 * a transaction-scoped advisory lock (released at commit or rollback; taken on every instance);
 * each later statement of the transaction reads with a fresh snapshot, so a count sent after it
 * sees what the previous holder committed. SQLite runs one writing transaction at a time and needs
 * no lock.
 */
import { CompiledQuery, type Transaction } from 'kysely';
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
