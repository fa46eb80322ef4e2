/**
 * Retention: what grows with every request and that no client can read any more is deleted once
 * it is old enough, so the store levels off under steady load (SQLite and PostgreSQL alike).
 *
 * A pruner runs its steps on a timer (`unref`, so it never keeps the process alive). A step
 * deletes in bounded batches, each one statement in its own short transaction
 * (`DELETE … WHERE rowid IN (SELECT rowid … LIMIT n)` on SQLite,
 * `DELETE … WHERE ctid = ANY(ARRAY(SELECT ctid … LIMIT n FOR UPDATE SKIP LOCKED))` on
 * PostgreSQL), and the pruner yields to the event loop between batches: requests are never
 * queued behind a long delete. Several instances pruning one PostgreSQL take disjoint rows
 * (`SKIP LOCKED`) and deleting a row twice deletes nothing, so they never conflict.
 *
 * The engine's own steps ({@link engineRetentionSteps}) forget idempotency keys after
 * {@link IDEMPOTENCY_KEY_LIFETIME_MS} and finished webhooks (delivered or given up) with their
 * attempts after {@link RetentionPolicy.recordAgeMs}. A feature that owns a table to prune gives
 * its own {@link RetentionStep}, which the composition root hands to {@link startPruner}.
 */
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import type { Database } from './database.js';
import { IDEMPOTENCY_KEY_LIFETIME_MS } from './idempotency.js';
import type { Store } from './open-store.js';

/** Retention settings. */
export interface RetentionPolicy {
  /**
   * Age after which finished webhooks (delivered or given up) with their attempts, and other
   * records a step names (authorizations never used), are deleted. Default 24 hours.
   */
  recordAgeMs: number;
  /** Time between two pruning runs. Default 60 s. */
  intervalMs: number;
  /** Rows deleted per statement. Default 500. */
  batchSize: number;
  /** Most batches of one step in one run (the rest waits for the next run). Default 100. */
  maxBatchesPerRun: number;
}

/** The default retention policy. */
export const DEFAULT_RETENTION_POLICY: RetentionPolicy = {
  recordAgeMs: 24 * 60 * 60 * 1000,
  intervalMs: 60_000,
  batchSize: 500,
  maxBatchesPerRun: 100,
};

/** One kind of record to prune. */
export interface RetentionStep {
  /** Names the step in logs and in {@link Pruner.runOnce}'s counts, e.g. `idempotency_keys`. */
  name: string;
  /**
   * Deletes at most `policy.batchSize` records due at `now` in one short transaction and returns
   * how many it deleted (fewer than the batch size: nothing more is due).
   */
  pruneBatch(store: Store, now: Date, policy: RetentionPolicy): Promise<number>;
}

/** What {@link startPruner} needs. */
export interface PrunerOptions {
  store: Store;
  clock: Clock;
  logger: Logger;
  steps: readonly RetentionStep[];
  policy?: Partial<RetentionPolicy>;
}

/** A running pruner. */
export interface Pruner {
  /** Runs every step now (after a run under way) and resolves with the records deleted per step. */
  runOnce(): Promise<Record<string, number>>;
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
}

/** The longest delay `setTimeout` keeps (2^31 - 1 ms, about 24.8 days). */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** Starts pruning every `policy.intervalMs`, the first run after one interval. */
export function startPruner(options: PrunerOptions): Pruner {
  const policy = { ...DEFAULT_RETENTION_POLICY, ...options.policy };
  let stopped = false;
  let running: Promise<Record<string, number>> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const run = async (): Promise<Record<string, number>> => {
    const deleted: Record<string, number> = {};
    for (const step of options.steps) {
      let total = 0;
      for (let batch = 0; batch < policy.maxBatchesPerRun && !stopped; batch++) {
        const count = await step.pruneBatch(options.store, options.clock.now(), policy);
        total += count;
        if (count < policy.batchSize) {
          break;
        }
        // Let requests waiting for the store go first.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      deleted[step.name] = total;
    }
    if (Object.values(deleted).some((count) => count > 0)) {
      options.logger({ level: 'info', event: 'retention_pruned', deleted });
    }
    return deleted;
  };

  const runOnce = (): Promise<Record<string, number>> => {
    const next = (running ?? Promise.resolve()).catch(() => undefined).then(run);
    const current = next.finally(() => {
      if (running === current) {
        running = undefined;
      }
    });
    running = current;
    return current;
  };

  const schedule = () => {
    if (stopped) {
      return;
    }
    // Node fires a longer timeout at once, so it is capped (at about 24.8 days).
    timer = setTimeout(
      () => {
        runOnce()
          .catch((error: unknown) => {
            options.logger({
              level: 'error',
              event: 'retention_error',
              error: error instanceof Error ? error.message : String(error),
            });
          })
          .finally(schedule);
      },
      Math.min(policy.intervalMs, MAX_TIMEOUT_MS),
    );
    timer.unref();
  };

  schedule();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}

/** The keys of at most `limit` rows of one table, selected by a query that names the table and its condition. */
export type DueRows = SelectQueryBuilder<Database, keyof Database, object>;

/**
 * Deletes at most `limit` rows of `table` that `due` selects, in one statement, and returns how
 * many it deleted. `due` builds the selection (`selectFrom(table).where(…)`, no select list) on
 * the database it is given; on PostgreSQL rows locked by another transaction are skipped.
 */
export async function deleteDueRows(
  store: Store,
  table: keyof Database & string,
  due: (db: Kysely<Database>) => DueRows,
  limit: number,
): Promise<number> {
  const postgres = store.engine === 'postgres';
  const key = postgres ? 'ctid' : 'rowid';
  let keys = due(store.db).select(sql.raw<string>(key).as('row_key')).limit(limit);
  if (postgres) {
    keys = keys.forUpdate().skipLocked();
  }
  const statement = postgres
    ? sql`delete from ${sql.table(table)} where ctid = any(array(${keys}))`
    : sql`delete from ${sql.table(table)} where rowid in (${keys})`;
  const result = await store.transaction((trx) => statement.execute(trx));
  return Number(result.numAffectedRows ?? 0n);
}

/** Deletes expired idempotency keys ({@link IDEMPOTENCY_KEY_LIFETIME_MS} after their first use). */
export const idempotencyKeysRetention: RetentionStep = {
  name: 'idempotency_keys',
  pruneBatch(store, now, policy) {
    const at = now.toISOString();
    return deleteDueRows(
      store,
      'idempotency_keys',
      (db) => db.selectFrom('idempotency_keys').where('expires_at', '<=', at) as DueRows,
      policy.batchSize,
    );
  },
};

/**
 * Deletes webhooks delivered or given up more than `recordAgeMs` ago, with their attempts, in one
 * transaction per batch. A webhook still due is never touched.
 */
export const finishedWebhooksRetention: RetentionStep = {
  name: 'webhook_outbox',
  async pruneBatch(store, now, policy) {
    const before = new Date(now.getTime() - policy.recordAgeMs).toISOString();
    return store.transaction(async (trx) => {
      let finished = trx
        .selectFrom('webhook_outbox')
        .select('id')
        .where((eb) =>
          eb.or([
            eb('delivered_at', '<=', before),
            eb.and([eb('delivered_at', 'is', null), eb('failed_at', '<=', before)]),
          ]),
        )
        .limit(policy.batchSize);
      if (store.engine === 'postgres') {
        finished = finished.forUpdate().skipLocked();
      }
      const ids = (await finished.execute()).map((row) => row.id);
      if (ids.length === 0) {
        return 0;
      }
      await trx.deleteFrom('webhook_attempts').where('outbox_id', 'in', ids).execute();
      await trx.deleteFrom('webhook_outbox').where('id', 'in', ids).execute();
      return ids.length;
    });
  },
};

/** The engine's retention steps: idempotency keys and finished webhooks. */
export const engineRetentionSteps: readonly RetentionStep[] = [idempotencyKeysRetention, finishedWebhooksRetention];
