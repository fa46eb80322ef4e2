/**
 * The `fetch` the client gives openapi-fetch: one attempt per try with a time limit that covers
 * the response body, retries with backoff by the operation's retry policy, and failures without a
 * response turned into {@link SvcNetworkError} / {@link SvcTimeoutError}.
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

/** A fetch that takes a `Request`, as openapi-fetch calls it. */
export type FetchLike = (request: Request) => Promise<Response>;

/** What the transport needs. */
export interface TransportOptions {
  fetch: FetchLike;
  /** The base URL the client calls; its path is removed to find the operation path. */
  baseUrl: string;
  timeoutMs: number;
  maxRetries: number;
  /** The retry policy of an operation path; unknown paths must get `unsafe`. */
  policyOf: (path: string) => RetryPolicy;
  /** Values to remove from error messages (the client secret). */
  secrets: readonly string[];
}

/** Marks the abort of an attempt by its time limit, to tell it from the caller's abort. */
class AttemptTimeout extends Error {}

/** Statuses whose responses have no body (`new Response` refuses one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** Creates the transport. */
export function createTransport(options: TransportOptions): FetchLike {
  const basePath = new URL(options.baseUrl, 'http://base.invalid').pathname.replace(/\/+$/, '');
  return async (request) => {
    const pathname = new URL(request.url).pathname;
    const operation = pathname.startsWith(basePath) ? pathname.slice(basePath.length) : pathname;
    const policy = options.policyOf(operation);
    // A request body can be read only once: keep it as text and send a fresh copy per attempt.
    const body = request.body === null ? null : await request.text();
    for (let attempt = 1; ; attempt++) {
      let failure: FailureKind;
      let failureError: unknown;
      try {
        const response = await attemptOnce(request, body, options);
        if (attempt > options.maxRetries || !retriesStatus(response.status, policy)) {
          return response;
        }
        const wait = waitBeforeRetryMs(attempt, retryAfterMs(response.headers.get('Retry-After')));
        if (wait === null) {
          return response;
        }
        await sleep(wait, request.signal);
        continue;
      } catch (error) {
        if (request.signal.aborted) {
          throw request.signal.reason;
        }
        failureError = error;
        failure = error instanceof AttemptTimeout ? 'timeout' : classify(error);
      }
      if (attempt > options.maxRetries || !retriesFailure(failure, policy)) {
        throw toFailureError(failure, failureError, operation, attempt, options);
      }
      await sleep(waitBeforeRetryMs(attempt, null) ?? 0, request.signal);
    }
  };
}

/**
 * One attempt: fetch a fresh copy of the request (its body given as text, the original's being
 * read already), and read the whole response body, within `timeoutMs`; the caller's signal (the
 * request's) aborts it at any time.
 */
async function attemptOnce(request: Request, body: string | null, options: TransportOptions): Promise<Response> {
  const callerSignal = request.signal;
  if (callerSignal.aborted) {
    throw callerSignal.reason;
  }
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onCallerAbort = () => {};
  // Settles when the time limit passes or the caller aborts, even if the fetch ignores its signal.
  const stop = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const reason = new AttemptTimeout();
      // Settle first, so the attempt counts as timed out whatever error the aborted fetch throws.
      reject(reason);
      controller.abort(reason);
    }, options.timeoutMs);
    onCallerAbort = () => {
      reject(callerSignal.reason);
      controller.abort(callerSignal.reason);
    };
  });
  callerSignal.addEventListener('abort', onCallerAbort, { once: true });
  const exchange = async () => {
    const response = await options.fetch(new Request(request, { body, signal: controller.signal }));
    const bytes = NULL_BODY_STATUSES.has(response.status) ? null : await response.arrayBuffer();
    return new Response(bytes, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  try {
    return await Promise.race([exchange(), stop]);
  } finally {
    clearTimeout(timer);
    callerSignal.removeEventListener('abort', onCallerAbort);
  }
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
  options: TransportOptions,
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
