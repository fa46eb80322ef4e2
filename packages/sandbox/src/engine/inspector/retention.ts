/**
 * Retention of request records: a step of the pruner (`engine/store/retention.ts`) that deletes a
 * client's records beyond the newest `maxPerClient` and every record older than `maxAgeMs`, in
 * bounded batches like every other step. Between two pruning runs a busy client may hold more
 * than `maxPerClient` records (its requests of one interval); the inspector shows the newest only.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/database.js';
import { type DueRows, deleteDueRows, type RetentionStep } from '../store/retention.js';
import { DEFAULT_MAX_BYTES_PER_CLIENT } from './byte-budget.js';

/** How much of the request records is kept. */
export interface RequestRecordLimits {
  /** Newest records kept per client. Default 1000. */
  maxPerClient: number;
  /** Age after which a record is deleted, in ms. Default 1 hour. */
  maxAgeMs: number;
  /**
   * Most characters of bodies kept per client, enforced by the recorder on each write
   * (`byte-budget.ts`), not by this step. Default 8 MiB.
   */
  maxBytesPerClient: number;
}

/** The default limits. */
export const DEFAULT_REQUEST_RECORD_LIMITS: RequestRecordLimits = {
  maxPerClient: 1000,
  maxAgeMs: 60 * 60 * 1000,
  maxBytesPerClient: DEFAULT_MAX_BYTES_PER_CLIENT,
};

/** The pruner's step for request records under `limits`. */
export function requestRecordsRetention(limits: Partial<RequestRecordLimits> = {}): RetentionStep {
  const { maxPerClient, maxAgeMs } = { ...DEFAULT_REQUEST_RECORD_LIMITS, ...limits };
  return {
    name: 'request_records',
    async pruneBatch(store, now, policy) {
      const before = new Date(now.getTime() - maxAgeMs).toISOString();
      const old = await deleteDueRows(
        store,
        'request_records',
        (db) => db.selectFrom('request_records').where('started_at', '<', before) as DueRows,
        policy.batchSize,
      );
      if (old >= policy.batchSize) {
        return old;
      }
      let deleted = old;
      for (const { client_id: clientId, cutoff } of await overLimit(store.db, maxPerClient)) {
        deleted += await deleteDueRows(
          store,
          'request_records',
          (db) =>
            db.selectFrom('request_records').where('client_id', '=', clientId).where('id', '<=', cutoff) as DueRows,
          policy.batchSize - deleted,
        );
        if (deleted >= policy.batchSize) {
          break;
        }
      }
      return deleted;
    },
  };
}

/** Each client holding more than `maxPerClient` records, with the id of its newest record to delete. */
async function overLimit(db: Kysely<Database>, maxPerClient: number): Promise<{ client_id: string; cutoff: number }[]> {
  const crowded = await db
    .selectFrom('request_records')
    .select('client_id')
    .groupBy('client_id')
    .having((eb) => eb.fn.countAll(), '>', maxPerClient)
    .execute();
  const result: { client_id: string; cutoff: number }[] = [];
  for (const { client_id } of crowded) {
    const row = await db
      .selectFrom('request_records')
      .select('id')
      .where('client_id', '=', client_id)
      .orderBy('id', 'desc')
      .limit(1)
      .offset(maxPerClient)
      .executeTakeFirst();
    if (row) {
      result.push({ client_id, cutoff: row.id });
    }
  }
  return result;
}
