/**
 * The per-client request limit of one instance: a token bucket of `limit` requests that refills
 * at `limit` per `windowMs`. A request over the limit gets the catalogue's 429 with `Retry-After`.
 * `shared-rate-limit.ts` is the other scope: one budget for every instance on a database.
 */
import type { Clock } from '../clock.js';

/** The limit: `limit` requests per `windowMs`, per client and instance. */
export interface RateLimit {
  limit: number;
  windowMs: number;
}

/** The default: generous enough for any interactive use and most test suites. */
export const DEFAULT_RATE_LIMIT: RateLimit = { limit: 1000, windowMs: 1000 };

/** Where the limit applies: each instance on its own (the default), or all instances on one database. */
export type RateLimitScope = 'instance' | 'shared';

/** The scopes, as `--rate-limit-scope` takes them. */
export const RATE_LIMIT_SCOPES: readonly RateLimitScope[] = ['instance', 'shared'];

/** Takes one request from a client's bucket. */
export interface RateLimiter {
  /**
   * `undefined` when allowed; otherwise the whole seconds to wait before retrying. A promise only
   * when the answer needs the store (the shared scope claiming a new chunk).
   */
  take(clientId: string): number | undefined | Promise<number | undefined>;
}

/** A limiter; `undefined` limit means no limit. */
export function createRateLimiter(limit: RateLimit | undefined, clock: Clock): RateLimiter {
  if (!limit) {
    return { take: () => undefined };
  }
  const perMs = limit.limit / limit.windowMs;
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(clientId) {
      const now = clock.now().getTime();
      const bucket = buckets.get(clientId) ?? { tokens: limit.limit, at: now };
      bucket.tokens = Math.min(limit.limit, bucket.tokens + Math.max(0, now - bucket.at) * perMs);
      bucket.at = now;
      buckets.set(clientId, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return undefined;
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
    },
  };
}

/** Parses `--rate-limit`: `off`, `<n>` (per second) or `<n>/<seconds>s`. */
export function parseRateLimit(text: string): RateLimit | undefined {
  if (text === 'off') {
    return undefined;
  }
  const match = /^(\d+)(?:\/(\d+)s)?$/.exec(text);
  const limit = Number(match?.[1]);
  const seconds = Number(match?.[2] ?? 1);
  if (!match || limit < 1 || seconds < 1) {
    throw new Error(`--rate-limit must be "off", "<requests>" (per second) or "<requests>/<seconds>s", not "${text}"`);
  }
  return { limit, windowMs: seconds * 1000 };
}

/** Parses `--rate-limit-scope`: `instance` or `shared`. */
export function parseRateLimitScope(text: string): RateLimitScope {
  if (!(RATE_LIMIT_SCOPES as readonly string[]).includes(text)) {
    throw new Error(`--rate-limit-scope must be "instance" or "shared", not "${text}"`);
  }
  return text as RateLimitScope;
}
