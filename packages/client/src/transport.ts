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
  errorCode,
  type FailureKind,
  NOT_SENT_CODES,
  retriesFailure,
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
  /** Values to remove from error messages (the client secret). */
  secrets: readonly string[];
  /** The caller's signal: aborts the call, its attempts and its waits at any time. */
  signal?: AbortSignal | undefined;
}

/** Marks the abort of an attempt by its time limit, to tell it from the caller's abort. */
class AttemptTimeout extends Error {}

/**
 * Runs `attempt` until it gives a response that is not retried, or a failure that is not; the
 * result of the last attempt is returned (openapi-fetch's `{ data, error, response }`).
 */
export async function send<Result extends { response: Response }>(
  operation: string,
  attempt: Attempt<Result>,
  options: SendOptions,
): Promise<Result> {
  const { maxRetries, policy, signal } = options;
  for (let number = 1; ; number++) {
    let failure: FailureKind;
    let failureError: unknown;
    try {
      const result = await attemptOnce(attempt, options);
      const { status, headers } = result.response;
      if (number > maxRetries || !retriesStatus(status, policy)) {
        return result;
      }
      const wait = waitBeforeRetryMs(number, retryAfterMs(headers.get('Retry-After')));
      if (wait === null) {
        return result;
      }
      await sleep(wait, signal);
      continue;
    } catch (error) {
      if (signal?.aborted) {
        throw signal.reason;
      }
      failureError = error;
      failure = error instanceof AttemptTimeout ? 'timeout' : classify(error);
    }
    if (number > maxRetries || !retriesFailure(failure, policy)) {
      throw toFailureError(failure, failureError, operation, number, options);
    }
    await sleep(waitBeforeRetryMs(number, null) ?? 0, signal);
  }
}

/**
 * One attempt within `timeoutMs`, body included; the caller's signal aborts it at any time. It
 * settles when the time limit passes or the caller aborts even if the fetch ignores its signal.
 * Per attempt: one AbortController and one timer, both released as soon as the attempt settles;
 * none at all when there is neither a time limit nor a caller's signal. The controller's signal
 * is made when the fetch reads it (`init.signal`, as the standard fetch does): a fetch that does
 * not listen for aborts (a test double) does not pay for it.
 */
function attemptOnce<Result>(attempt: Attempt<Result & { response: Response }>, options: SendOptions) {
  const { signal: callerSignal, timeoutMs } = options;
  const limited = timeoutMs < NO_TIME_LIMIT_MS;
  if (!(limited || callerSignal)) {
    return attempt(undefined);
  }
  if (callerSignal?.aborted) {
    return Promise.reject(callerSignal.reason);
  }
  const controller = new AbortController();
  const init: FetchInit = {
    get signal() {
      return controller.signal;
    },
  };
  return new Promise<Result>((resolve, reject) => {
    const release = () => {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    };
    // Settle first, so the attempt counts as timed out (or aborted by the caller) whatever error
    // the aborted fetch then throws.
    const stop = (reason: unknown) => {
      release();
      reject(reason);
      controller.abort(reason);
    };
    const onCallerAbort = () => stop(callerSignal?.reason);
    const timer = limited ? setTimeout(() => stop(new AttemptTimeout()), timeoutMs) : undefined;
    callerSignal?.addEventListener('abort', onCallerAbort);
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

/** Whether a failure proves the request never left (see {@link NOT_SENT_CODES}). */
function classify(error: unknown): FailureKind {
  const code = errorCode(error);
  return code !== null && NOT_SENT_CODES.has(code) ? 'not-sent' : 'network';
}

/** The error thrown for the last failed attempt; holds no request data, and redacts the detail. */
function toFailureError(
  failure: FailureKind,
  error: unknown,
  operation: string,
  attempts: number,
  options: SendOptions,
): Error {
  if (failure === 'timeout') {
    return new SvcTimeoutError({ operation, timeoutMs: options.timeoutMs, attempts });
  }
  const messages: string[] = [];
  for (let current = error, depth = 0; current instanceof Error && depth < 4; depth++) {
    messages.push(current.message);
    current = current.cause;
  }
  const detail = redactText(messages.join(': ') || String(error), options.secrets);
  return new SvcNetworkError({ operation, attempts, code: errorCode(error), detail });
}
