/**
 * The layer around openapi-fetch's call: each attempt (one openapi-fetch `POST`, its middleware,
 * the fetch and the reading of the response body) runs within a time limit; attempts are retried
 * with backoff by the operation's retry policy; a failure without a response becomes
 * {@link SvcNetworkError} / {@link SvcTimeoutError}.
 */
import { SvcNetworkError, SvcTimeoutError } from './errors.js';
import type { RetryPolicy } from './operation-info.js';
import { redactText } from './redact.js';
import {
  backoffMs,
  describeFailure,
  NOT_SENT_CODES,
  retriesStatus,
  retryAfterMs,
  sleep,
  waitBeforeRetryMs,
} from './retry.js';

/**
 * A fetch that takes a `Request`, as openapi-fetch calls it, and the attempt's abort signal in
 * its second argument (`fetch(request, { signal })`, as the standard `fetch` takes it): the signal
 * aborts the request when the attempt's time limit passes or the caller aborts. A fetch that
 * ignores it still cannot hold a call up: the client settles the attempt either way.
 */
export type FetchLike = (request: Request, init?: { signal?: AbortSignal }) => Promise<Response>;

/** What the fetch of an attempt is given as its second argument: the attempt's abort signal. */
export interface FetchInit {
  readonly signal: AbortSignal;
  /** The status of the attempt's response once its headers arrived (its body may still be on the way). */
  status?: number;
}

/**
 * One attempt of a call: openapi-fetch's `POST`, whose fetch is given `init` (none: nothing can
 * abort it).
 */
export type Attempt<Result extends { response: Response }> = (init: FetchInit | undefined) => Promise<Result>;

/**
 * A time limit from this many milliseconds on is no limit (`setTimeout` cannot wait longer, and
 * `timeoutMs: Infinity` turns the limit off).
 */
export const NO_TIME_LIMIT_MS = 2 ** 31;

/** The limits of one call. */
export interface SendOptions {
  /** The time limit of each attempt; {@link NO_TIME_LIMIT_MS} or more: none. */
  timeoutMs: number;
  maxRetries: number;
  /** The operation's retry policy (`unsafe` for a path the client does not know). */
  policy: RetryPolicy;
  /** The value to remove from error messages (the client secret). */
  secret: string;
  /** The caller's signal: aborts the call, its attempts and its waits at any time. */
  signal?: AbortSignal | undefined;
}

/** Marks the abort of an attempt by its time limit, to tell it from the caller's abort. */
class AttemptTimeout extends Error {
  /** The status of the response whose body did not finish in time; undefined when no headers came. */
  constructor(readonly status: number | undefined) {
    super();
  }
}

/**
 * Runs `attempt` until it gives a response that is not retried, or a failure that is not; the
 * result of the last attempt is returned (openapi-fetch's `{ data, error, response }`).
 */
export async function send<Result extends { response: Response }>(
  operation: string,
  attempt: Attempt<Result>,
  { timeoutMs, maxRetries, policy, secret, signal }: SendOptions,
): Promise<Result> {
  for (let number = 1; ; number++) {
    let wait: number | null;
    try {
      // Without a time limit or a caller's signal nothing can abort the attempt: no timer, no
      // controller.
      const result =
        timeoutMs < NO_TIME_LIMIT_MS || signal
          ? await attemptOnce(attempt, timeoutMs, signal)
          : await attempt(undefined);
      const { status, headers } = result.response;
      wait = retriesStatus(status, policy) ? waitBeforeRetryMs(number, retryAfterMs(headers.get('Retry-After'))) : null;
      if (number > maxRetries || wait === null) {
        return result;
      }
    } catch (error) {
      if (signal?.aborted) {
        throw signal.reason;
      }
      const timedOut = error instanceof AttemptTimeout;
      const { code, messages } = describeFailure(error);
      // Only a failure that proves the request never left allows retrying an unsafe operation.
      if (number > maxRetries || (policy === 'unsafe' && (timedOut || !NOT_SENT_CODES.has(code as string)))) {
        if (timedOut) {
          throw new SvcTimeoutError({ operation, timeoutMs, attempts: number, status: error.status ?? null });
        }
        // The messages of the error and its causes, redacted; the error holds no request data.
        const detail = redactText(messages.join(': ') || String(error), secret);
        throw new SvcNetworkError({ operation, attempts: number, code, detail });
      }
      wait = backoffMs(number);
    }
    await sleep(wait, signal);
  }
}

/**
 * What the fetch of one attempt is given: the attempt's abort signal, made only when the fetch
 * reads it (as the standard fetch does) or the attempt is stopped, so that a fetch that does not
 * listen for aborts (a test double) pays for no AbortController. A class, not an object literal
 * with a getter: V8 builds such a literal through a slow path, measured at about 0.5 µs a call.
 */
class AttemptInit implements FetchInit {
  #controller: AbortController | undefined;
  status?: number;

  get signal(): AbortSignal {
    this.#controller ??= new AbortController();
    return this.#controller.signal;
  }

  /** Aborts the attempt's signal with `reason` (made now if nothing has read it yet). */
  stop(reason: unknown): void {
    this.#controller ??= new AbortController();
    this.#controller.abort(reason);
  }
}

/**
 * One attempt within `timeoutMs`, body included; the caller's signal aborts it at any time. It
 * settles when the time limit passes or the caller aborts even if the fetch ignores its signal:
 * it is settled first, so it counts as timed out (or aborted by the caller) whatever error the
 * aborted fetch then throws. Per attempt: one timer (none from {@link NO_TIME_LIMIT_MS} on),
 * released as soon as the attempt settles, and the lazily made signal of {@link AttemptInit}.
 * The attempt settles through two plain callbacks: one generic settle helper for both outcomes
 * measured slower (see the README, "Size and overhead").
 */
function attemptOnce<Result>(
  attempt: Attempt<Result & { response: Response }>,
  timeoutMs: number,
  signal: AbortSignal | undefined,
) {
  if (signal?.aborted) {
    return Promise.reject(signal.reason);
  }
  const init = new AttemptInit();
  return new Promise<Result>((resolve, reject) => {
    const release = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const stop = (reason: unknown) => {
      release();
      reject(reason);
      init.stop(reason);
    };
    const onAbort = () => stop(signal?.reason);
    const timer =
      timeoutMs < NO_TIME_LIMIT_MS ? setTimeout(() => stop(new AttemptTimeout(init.status)), timeoutMs) : undefined;
    signal?.addEventListener('abort', onAbort);
    attempt(init).then(
      (result) => {
        release();
        resolve(result);
      },
      (error: unknown) => {
        release();
        reject(error);
      },
    );
  });
}
