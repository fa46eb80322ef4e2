/**
 * When the client retries, and how long it waits. The policy of each operation comes from the
 * generated `operationTable` (see the README, "Retries").
 */
import type { RetryPolicy } from './operation-info.js';

/** Default number of retries after the first attempt. */
export const DEFAULT_MAX_RETRIES = 2;
/** First backoff step; each retry doubles it. */
export const BASE_DELAY_MS = 500;
/** Largest backoff step. */
export const MAX_DELAY_MS = 8_000;
/** A `Retry-After` longer than this is not waited for: the error is thrown with `retryAfterMs`. */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * System error codes that prove the request never left this machine: the connection was refused
 * or could not be opened, or the host name did not resolve. Only these allow retrying an `unsafe`
 * operation. (Browsers give no code, so there an `unsafe` operation is never retried.)
 */
export const NOT_SENT_CODES: ReadonlySet<string> = new Set(
  'ECONNREFUSED ENOTFOUND EAI_AGAIN EHOSTUNREACH ENETUNREACH UND_ERR_CONNECT_TIMEOUT'.split(' '),
);

/** Whether a response with `status` is retried under `policy`. */
export function retriesStatus(status: number, policy: RetryPolicy): boolean {
  return policy !== 'unsafe' && (status === 429 || status >= 500);
}

/**
 * The backoff before retry number `retry` (1 for the first retry): exponential from
 * {@link BASE_DELAY_MS}, capped at {@link MAX_DELAY_MS}, with "equal jitter" (between half and
 * all of the step) so that clients failing together do not retry together.
 */
export function backoffMs(retry: number, random: () => number = Math.random): number {
  const step = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (retry - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

/**
 * Milliseconds a `Retry-After` header value asks for: delay-seconds or an HTTP date (RFC 9110
 * §10.2.3). Null when absent or unreadable; a date in the past gives 0.
 */
export function retryAfterMs(value: string | null, now: number = Date.now()): number | null {
  if (value === null) {
    return null;
  }
  const date = Date.parse(value);
  return /^\s*\d+\s*$/.test(value) ? Number(value) * 1000 : Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * The wait before the next retry of a response: at least what `Retry-After` asks, at least the
 * backoff. Null when `Retry-After` asks for more than {@link MAX_RETRY_AFTER_MS} (do not retry).
 */
export function waitBeforeRetryMs(retry: number, retryAfter: number | null, random?: () => number): number | null {
  if (retryAfter !== null && retryAfter > MAX_RETRY_AFTER_MS) {
    return null;
  }
  return Math.max(retryAfter ?? 0, backoffMs(retry, random));
}

/**
 * What a fetch failure says about itself: the first system error code along it and its causes
 * (undici puts it on `cause`), or null, and the messages of the errors along that chain.
 */
export function describeFailure(error: unknown): { code: string | null; messages: string[] } {
  let code: string | null = null;
  const messages: string[] = [];
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const { code: own, cause } = current as { code?: unknown; cause?: unknown };
    code ??= typeof own === 'string' ? own : null;
    if (current instanceof Error) {
      messages.push(current.message);
    }
    current = cause;
  }
  return { code, messages };
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    if (signal?.aborted) {
      onAbort();
    } else {
      signal?.addEventListener('abort', onAbort, { once: true });
    }
  });
}
