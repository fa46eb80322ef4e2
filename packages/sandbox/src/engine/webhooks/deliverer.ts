/**
 * The webhook deliverer: takes due webhooks from the outbox and POSTs them, at least once, with
 * the identical body on every attempt, a fresh signature per attempt, exponential backoff with
 * jitter between attempts, and a bounded number of attempts. Every attempt is recorded in
 * `webhook_attempts` and logged. Several instances on one PostgreSQL share the outbox: a row is
 * claimed with `FOR UPDATE SKIP LOCKED` and a lease, so one attempt is made by one instance.
 * Deliveries run apart from request handling: a slow or dead receiver never slows the API. Each
 * attempt has a deadline for the whole exchange; attempts run in a pool (a finished one makes room
 * for the next at once), one receiver holds at most `perReceiver` slots, one client past
 * `perClient` leaves a slot free for the others, and free slots go round the waiting clients,
 * fewest attempts under way first: a slow
 * receiver never delays another's webhooks, and one client's stuck receivers delay another
 * client's first attempt by at most one delivery deadline; stopping cuts the attempts under way
 * short (they are retried).
 */
import type { Selectable } from 'kysely';
import { withoutNamespace } from '../clients/client-namespace.js';
import { type Clock, systemClock } from '../clock.js';
import type { Logger } from '../logger.js';
import type { Store } from '../store/open-store.js';
import { STOPPED, sendWebhook } from './send.js';
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
  /** Time a receiver has for the whole exchange: status and entire body (default 5 s). */
  timeoutMs: number;
  /** How often the outbox is checked when nothing wakes the deliverer (default 1 s). */
  pollMs: number;
  /** Webhooks sent at once (default 4). */
  concurrency: number;
  /** Webhooks sent at once to one receiver (scheme, host and port; default 2). */
  perReceiver: number;
  /**
   * Webhooks of one client sent at once beyond which it takes a slot only if another stays free
   * (default 2): one client's stuck receivers never hold every slot, so another client's first
   * attempt starts at once; and a freed slot goes to the client with the fewest attempts under way.
   */
  perClient: number;
}

/** The default delivery policy. */
export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = {
  maxAttempts: 8,
  baseDelayMs: 1000,
  maxDelayMs: 10 * 60 * 1000,
  timeoutMs: 5000,
  pollMs: 1000,
  concurrency: 4,
  perReceiver: 2,
  perClient: 2,
};

/** A running deliverer. */
export interface Deliverer {
  /** Checks the outbox now (new webhooks were committed). */
  wake(): void;
  /** Stops: attempts under way are cut short, recorded and left to be retried; resolves once they are recorded. */
  stop(): Promise<void>;
}

/** What the deliverer needs. */
export interface DelivererOptions {
  store: Store;
  /** The sandbox's clock: when attempts are due, leases, the attempts' records. */
  clock: Clock;
  /**
   * The clock of the signature's `t`: the machine's by default, whatever the sandbox's clock says
   * (`--start-time`, an injected clock), since a receiver checks `t` against its own clock.
   */
  signingClock?: Clock;
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
  const stopped = new AbortController();
  /** Attempts under way, by outbox id, with their receiver and client. */
  const inFlight = new Map<number, { receiver: string; clientId: string; done: Promise<void> }>();
  let timer: NodeJS.Timeout | undefined;
  /** When the pending `timer` fires (ms since the epoch). */
  let timerDueAt = 0;
  let filling: Promise<void> | undefined;
  let again = false;

  /**
   * Looks for due webhooks in `delay` ms, unless a look is already planned sooner: a later,
   * longer schedule (the poll after a fill that found nothing) never cancels a sooner one (the
   * look asked for by an attempt that just freed its slot), or a freed slot would wait a poll.
   */
  const schedule = (delay: number) => {
    if (stopped.signal.aborted) {
      return;
    }
    const dueAt = Date.now() + delay;
    if (timer !== undefined && timerDueAt <= dueAt) {
      return;
    }
    clearTimeout(timer);
    timerDueAt = dueAt;
    timer = setTimeout(() => {
      timer = undefined;
      kick();
    }, delay);
    timer.unref();
  };

  /** Logs a failure of the outbox itself (the store, not a receiver): delivery goes on at the next poll. */
  const logOutboxError = (error: unknown) => {
    options.logger({
      level: 'error',
      event: 'webhook_outbox_error',
      error: error instanceof Error ? error.message : String(error),
    });
  };

  const kick = () => {
    if (stopped.signal.aborted) {
      return;
    }
    if (filling) {
      again = true;
      return;
    }
    filling = fill()
      .catch(logOutboxError)
      .finally(() => {
        filling = undefined;
        if (again) {
          again = false;
          schedule(0);
        } else {
          schedule(policy.pollMs);
        }
      });
  };

  /** Claims due webhooks for the free slots and starts their attempts. */
  const fill = async () => {
    const free = policy.concurrency - inFlight.size;
    if (free <= 0 || stopped.signal.aborted) {
      return;
    }
    const busy = new Map<string, number>();
    const clients = new Map<string, number>();
    for (const { receiver, clientId } of inFlight.values()) {
      busy.set(receiver, (busy.get(receiver) ?? 0) + 1);
      clients.set(clientId, (clients.get(clientId) ?? 0) + 1);
    }
    const claimed = await claim(options, policy, free, { receivers: busy, clients });
    for (const row of claimed) {
      const receiver = receiverOf(row.url);
      const done = attempt(row, options, policy, stopped.signal)
        .catch(logOutboxError)
        .finally(() => {
          inFlight.delete(row.id);
          schedule(0);
        });
      inFlight.set(row.id, { receiver, clientId: row.client_id, done });
    }
    if (claimed.length > 0 && inFlight.size < policy.concurrency) {
      again = true; // Slots are left: look again, now past the receivers that just filled up.
    }
  };

  schedule(0);
  return {
    wake: () => schedule(0),
    async stop() {
      stopped.abort();
      clearTimeout(timer);
      await filling;
      await Promise.all([...inFlight.values()].map((entry) => entry.done));
    },
  };
}

/** The receiver of a webhook URL: its scheme, host and port. */
function receiverOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

type OutboxRow = Selectable<WebhookOutboxTable>;

/** Attempts under way per receiver and per client (updated as rows are claimed). */
interface Busy {
  receivers: Map<string, number>;
  clients: Map<string, number>;
}

/**
 * Claims up to `free` due webhooks with a lease, shared between clients: the clients with due
 * webhooks are served round robin, fewest attempts under way first (then the one waiting
 * longest), each its oldest webhooks first; a client holding `policy.perClient` attempts or more
 * takes a slot only if another stays free; receivers that already hold `policy.perReceiver`
 * attempts are skipped. Updates `busy`.
 */
async function claim(
  options: DelivererOptions,
  policy: DeliveryPolicy,
  free: number,
  busy: Busy,
): Promise<OutboxRow[]> {
  const now = options.clock.now();
  const at = now.toISOString();
  const leaseUntil = new Date(now.getTime() + policy.timeoutMs + 10_000).toISOString();
  const { store } = options;
  return store.transaction(async (trx) => {
    const fullReceivers = [...busy.receivers].filter(([, holding]) => holding >= policy.perReceiver);
    const dueRows = () =>
      trx
        .selectFrom('webhook_outbox')
        .where('delivered_at', 'is', null)
        .where('failed_at', 'is', null)
        .where('next_attempt_at', '<=', at)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]))
        .where((eb) => eb.and(fullReceivers.map(([receiver]) => eb('url', 'not like', `${receiver}/%`))));
    // The waiting clients, in the order they are served.
    const waiting = await dueRows()
      .select((eb) => ['client_id', eb.fn.min('id').as('oldest')])
      .groupBy('client_id')
      .orderBy('oldest')
      .limit(CLIENTS_PER_CLAIM)
      .execute();
    const order = waiting
      .map((row, index) => ({ clientId: row.client_id, holding: busy.clients.get(row.client_id) ?? 0, index }))
      .sort((a, b) => a.holding - b.holding || a.index - b.index)
      .slice(0, free);
    // Each served client's oldest due webhooks (enough for its share), locked where rows lock.
    const candidates = new Map<string, { id: number; url: string }[]>();
    for (const { clientId } of order) {
      let rows = dueRows()
        .select(['id', 'url'])
        .where('client_id', '=', clientId)
        .orderBy('id')
        .limit(free * CANDIDATES_PER_SLOT);
      if (store.engine === 'postgres') {
        rows = rows.forUpdate().skipLocked();
      }
      candidates.set(clientId, await rows.execute());
    }
    // Round robin over the clients, one webhook each per turn, within every bound.
    const ids: number[] = [];
    let progress = true;
    while (ids.length < free && progress) {
      progress = false;
      for (const { clientId } of order) {
        const rows = candidates.get(clientId) ?? [];
        // Past its share, a client takes a slot only if one stays free for another client.
        const left = free - ids.length;
        if (left === 0 || ((busy.clients.get(clientId) ?? 0) >= policy.perClient && left <= 1)) {
          continue;
        }
        const next = rows.findIndex((row) => (busy.receivers.get(receiverOf(row.url)) ?? 0) < policy.perReceiver);
        const row = next === -1 ? undefined : rows.splice(next, 1)[0];
        if (row) {
          const receiver = receiverOf(row.url);
          ids.push(row.id);
          busy.receivers.set(receiver, (busy.receivers.get(receiver) ?? 0) + 1);
          busy.clients.set(clientId, (busy.clients.get(clientId) ?? 0) + 1);
          progress = true;
        }
      }
    }
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

/** Waiting clients considered per claim (the longest waiting first). */
const CLIENTS_PER_CLAIM = 64;

/** Due webhooks read per free slot, so that busy receivers' webhooks do not hide the others'. */
const CANDIDATES_PER_SLOT = 8;

/** Makes one attempt of one claimed webhook and records its outcome. */
async function attempt(
  row: OutboxRow,
  options: DelivererOptions,
  policy: DeliveryPolicy,
  stopped: AbortSignal,
): Promise<void> {
  const client = await options.store.db
    .selectFrom('clients')
    .select('webhook_secret')
    .where('client_id', '=', row.client_id)
    .executeTakeFirst();
  const started = options.clock.now();
  const number = row.attempts + 1;
  const signedAt = (options.signingClock ?? systemClock).now();
  // The body as the client knows its canonical values: out of its namespace.
  const body = withoutNamespace(row.body, row.client_id);
  const signature = signWebhook(client?.webhook_secret ?? '', body, Math.floor(signedAt.getTime() / 1000));
  const outcome = await sendWebhook(
    row.url,
    body,
    {
      [WEBHOOK_ID_HEADER]: String(row.id),
      [SIGNATURE_HEADER]: signature,
      'User-Agent': 'svc-sandbox-webhooks',
    },
    policy.timeoutMs,
    stopped,
  );
  if (outcome.error === STOPPED) {
    // Not the receiver's fault: release the webhook for the next start without counting an attempt.
    await options.store.db
      .updateTable('webhook_outbox')
      .set({ locked_until: null, locked_by: null })
      .where('id', '=', row.id)
      .where('locked_by', '=', options.instanceId)
      .execute();
    options.logger({ level: 'info', event: 'webhook_attempt_interrupted', webhook_id: row.id, reason: STOPPED });
    return;
  }
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
        signature,
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
