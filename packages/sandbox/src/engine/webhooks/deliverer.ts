/**
 * The webhook deliverer: takes due webhooks from the outbox and POSTs them, at least once, with
 * the identical body on every attempt, a fresh signature per attempt, exponential backoff with
 * jitter between attempts, and a bounded number of attempts. Every attempt is recorded in
 * `webhook_attempts` and logged. Several instances on one PostgreSQL share the outbox: a row is
 * claimed with `FOR UPDATE SKIP LOCKED` and a lease, so one attempt is made by one instance.
 * Deliveries run apart from request handling: a slow or dead receiver never slows the API.
 */
import type { Selectable } from 'kysely';
import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import type { Store } from '../store/open-store.js';
import { sendWebhook } from './send.js';
import { SIGNATURE_HEADER, signWebhook, WEBHOOK_ID_HEADER } from './signature.js';
import type { WebhookOutboxTable } from './tables.js';

/** Delivery settings. */
export interface DeliveryPolicy {
  /** Attempts before a webhook is given up (default 8). */
  maxAttempts: number;
  /** Delay before the second attempt; doubles each time (default 1 s). */
  baseDelayMs: number;
  /** Longest delay between attempts (default 10 min). */
  maxDelayMs: number;
  /** Time a receiver has to answer (default 5 s). */
  timeoutMs: number;
  /** How often the outbox is checked when nothing wakes the deliverer (default 1 s). */
  pollMs: number;
  /** Webhooks sent at once (default 4). */
  concurrency: number;
}

/** The default delivery policy. */
export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = {
  maxAttempts: 8,
  baseDelayMs: 1000,
  maxDelayMs: 10 * 60 * 1000,
  timeoutMs: 5000,
  pollMs: 1000,
  concurrency: 4,
};

/** A running deliverer. */
export interface Deliverer {
  /** Checks the outbox now (new webhooks were committed). */
  wake(): void;
  /** Stops after the attempts under way finish. */
  stop(): Promise<void>;
}

/** What the deliverer needs. */
export interface DelivererOptions {
  store: Store;
  clock: Clock;
  logger: Logger;
  /** Identifies this instance in leases and attempt records. */
  instanceId: string;
  policy?: Partial<DeliveryPolicy>;
}

/** The delay before attempt `attempt + 1`, with jitter: between half and all of the doubled base. */
export function retryDelayMs(attempt: number, policy: DeliveryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling * (0.5 + random() * 0.5));
}

/** Starts delivering. */
export function startDeliverer(options: DelivererOptions): Deliverer {
  const policy = { ...DEFAULT_DELIVERY_POLICY, ...options.policy };
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  const schedule = (delay: number) => {
    if (stopping) {
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(kick, delay);
    timer.unref();
  };

  const kick = () => {
    if (stopping) {
      return;
    }
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => {
        options.logger({
          level: 'error',
          event: 'webhook_outbox_error',
          error: error instanceof Error ? error.message : String(error),
        });
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          schedule(0);
        } else {
          schedule(policy.pollMs);
        }
      });
  };

  const drain = async () => {
    for (;;) {
      if (stopping) {
        return;
      }
      const claimed = await claim(options, policy);
      if (claimed.length === 0) {
        return;
      }
      await Promise.all(claimed.map((row) => attempt(row, options, policy)));
    }
  };

  schedule(0);
  return {
    wake: () => schedule(0),
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await running;
    },
  };
}

type OutboxRow = Selectable<WebhookOutboxTable>;

/** Claims up to `concurrency` due webhooks with a lease. */
async function claim(options: DelivererOptions, policy: DeliveryPolicy): Promise<OutboxRow[]> {
  const now = options.clock.now();
  const at = now.toISOString();
  const leaseUntil = new Date(now.getTime() + policy.timeoutMs + 10_000).toISOString();
  const { store } = options;
  return store.transaction(async (trx) => {
    let due = trx
      .selectFrom('webhook_outbox')
      .select('id')
      .where('delivered_at', 'is', null)
      .where('failed_at', 'is', null)
      .where('next_attempt_at', '<=', at)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]))
      .orderBy('id')
      .limit(policy.concurrency);
    if (store.engine === 'postgres') {
      due = due.forUpdate().skipLocked();
    }
    const ids = (await due.execute()).map((row) => row.id);
    if (ids.length === 0) {
      return [];
    }
    return trx
      .updateTable('webhook_outbox')
      .set({ locked_until: leaseUntil, locked_by: options.instanceId })
      .where('id', 'in', ids)
      .returningAll()
      .execute();
  });
}

/** Makes one attempt of one claimed webhook and records its outcome. */
async function attempt(row: OutboxRow, options: DelivererOptions, policy: DeliveryPolicy): Promise<void> {
  const client = await options.store.db
    .selectFrom('clients')
    .select('webhook_secret')
    .where('client_id', '=', row.client_id)
    .executeTakeFirst();
  const started = options.clock.now();
  const number = row.attempts + 1;
  const signature = signWebhook(client?.webhook_secret ?? '', row.body, Math.floor(started.getTime() / 1000));
  const outcome = await sendWebhook(
    row.url,
    row.body,
    {
      [WEBHOOK_ID_HEADER]: String(row.id),
      [SIGNATURE_HEADER]: signature,
      'User-Agent': 'svc-sandbox-webhooks',
    },
    policy.timeoutMs,
  );
  const delivered = outcome.status !== undefined && outcome.status >= 200 && outcome.status < 300;
  const error = delivered
    ? null
    : (outcome.error ?? `the receiver answered HTTP ${outcome.status}; any 2xx acknowledges a webhook`);
  const finished = options.clock.now();
  const last = !delivered && number >= policy.maxAttempts;
  const next =
    delivered || last ? row.next_attempt_at : new Date(finished.getTime() + retryDelayMs(number, policy)).toISOString();
  await options.store.transaction(async (trx) => {
    await trx
      .insertInto('webhook_attempts')
      .values({
        outbox_id: row.id,
        attempt: number,
        started_at: started.toISOString(),
        duration_ms: outcome.durationMs,
        status_code: outcome.status ?? null,
        error,
        instance_id: options.instanceId,
      })
      .execute();
    await trx
      .updateTable('webhook_outbox')
      .set({
        attempts: number,
        delivered_at: delivered ? finished.toISOString() : null,
        failed_at: last ? finished.toISOString() : null,
        last_error: error,
        next_attempt_at: next,
        locked_until: null,
        locked_by: null,
      })
      .where('id', '=', row.id)
      .where('locked_by', '=', options.instanceId)
      .execute();
  });
  const target = new URL(row.url);
  options.logger({
    level: delivered ? 'info' : 'warn',
    event: 'webhook_attempt',
    webhook_id: row.id,
    webhook_code: row.webhook_code,
    // Origin and path only: a query string may carry a receiver's own token.
    url: `${target.origin}${target.pathname}`,
    attempt: number,
    status: outcome.status ?? null,
    error,
    duration_ms: outcome.durationMs,
    outcome: delivered ? 'delivered' : last ? 'given_up' : 'retry',
    next_attempt_at: delivered || last ? null : next,
  });
}
