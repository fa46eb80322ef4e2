/**
 * The per-client rate limit shared by every instance on one database (`--rate-limit-scope
 * shared`). Each client has one budget of `limit` requests per fixed window of `windowMs`
 * (windows aligned on the epoch, so every instance agrees on them), kept in `rate_limit_windows`.
 * An instance does not ask the database per request: it claims a chunk of the budget (one
 * statement, an upsert adding the chunk to the window's row) and spends it locally; it claims
 * again when the chunk is used up, and once a claim comes back short the window is spent for that
 * instance until the next one begins.
 *
 * Guarantees: across all instances a client never gets more than `limit` requests admitted in a
 * window (claims are atomic on the row, and an instance only admits what it claimed). An instance
 * may end a window holding up to `chunk − 1` claimed but unused requests, so with N instances a
 * client may be refused after `limit − N × (chunk − 1)` requests in the worst case. Like any fixed
 * window, up to `limit` at the end of one window and `limit` at the start of the next may come
 * close together.
 */
import type { Clock } from '../clock.js';
import type { Store } from '../store/open-store.js';
import type { RateLimit, RateLimiter } from './rate-limit.js';

/** The share of the limit an instance claims at a time: a twentieth (at least 1). */
export function defaultChunk(limit: RateLimit): number {
  return Math.max(1, Math.floor(limit.limit / 20));
}

/** How often, at most, an instance deletes the rows of windows that are over. */
const PRUNE_EVERY_MS = 60_000;

interface Lease {
  windowStart: number;
  /** Claimed and not yet spent by this instance. */
  tokens: number;
  /** A claim came back short: nothing more in this window. */
  spent: boolean;
  claiming?: Promise<void>;
}

/** Options of {@link createSharedRateLimiter}. */
export interface SharedRateLimitOptions {
  /** Requests claimed at a time. Default {@link defaultChunk}. */
  chunk?: number;
  /** Hears of a failure to delete old windows (requests are not affected). */
  onWarning?(message: string): void;
}

/** A limiter drawing every instance's requests of a client from one budget in `store`. */
export function createSharedRateLimiter(
  limit: RateLimit,
  clock: Clock,
  store: Store,
  options: SharedRateLimitOptions = {},
): RateLimiter {
  const chunk = Math.min(limit.limit, options.chunk ?? defaultChunk(limit));
  const leases = new Map<string, Lease>();
  let prunedAt = Number.NEGATIVE_INFINITY;

  const claim = async (clientId: string, windowStart: number): Promise<number> => {
    const row = await store.transaction((trx) =>
      trx
        .insertInto('rate_limit_windows')
        .values({ client_id: clientId, window_start: windowStart, claimed: chunk })
        .onConflict((conflict) =>
          conflict
            .columns(['client_id', 'window_start'])
            .doUpdateSet({ claimed: (eb) => eb('rate_limit_windows.claimed', '+', eb.ref('excluded.claimed')) }),
        )
        .returning('claimed')
        .executeTakeFirstOrThrow(),
    );
    // The row now holds every claim so far, this one's `chunk` last: what was left before it.
    const before = Number(row.claimed) - chunk;
    return Math.max(0, Math.min(chunk, limit.limit - before));
  };

  const pruneOldWindows = (windowStart: number) => {
    const now = clock.now().getTime();
    if (now - prunedAt < PRUNE_EVERY_MS) {
      return;
    }
    prunedAt = now;
    store
      .transaction((trx) => trx.deleteFrom('rate_limit_windows').where('window_start', '<', windowStart).execute())
      .catch((error: unknown) =>
        options.onWarning?.(`old rate limit windows not deleted: ${error instanceof Error ? error.message : error}`),
      );
  };

  const take = (clientId: string): number | undefined | Promise<number | undefined> => {
    const now = clock.now().getTime();
    const windowStart = now - (now % limit.windowMs);
    let lease = leases.get(clientId);
    if (!lease || lease.windowStart !== windowStart) {
      lease = { windowStart, tokens: 0, spent: false };
      leases.set(clientId, lease);
    }
    if (lease.tokens > 0) {
      lease.tokens -= 1;
      return undefined;
    }
    if (lease.spent) {
      return Math.max(1, Math.ceil((windowStart + limit.windowMs - now) / 1000));
    }
    const current = lease;
    current.claiming ??= claim(clientId, windowStart)
      .then((granted) => {
        current.tokens += granted;
        current.spent = granted < chunk;
        pruneOldWindows(windowStart);
      })
      .finally(() => {
        current.claiming = undefined;
      });
    // Once the claim is in, this request takes its turn again (with the other waiters).
    return current.claiming.then(() => take(clientId));
  };
  return { take };
}
