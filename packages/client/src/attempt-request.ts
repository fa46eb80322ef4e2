/**
 * The `Request` class the client gives openapi-fetch: a `Request` whose `signal` is the abort
 * signal of its attempt (time limit and caller's signal), for a fetch or middleware that reads it
 * there. The signal is not put into the `Request` itself: a `Request` built with a signal follows
 * it (a listener, a weak reference and a finalizer) although the fetch is given it directly
 * (`fetch(request, { signal })`), and it is made only when someone reads it.
 *
 * The attempt is not passed through openapi-fetch's options either (an extra key there is copied
 * by each of its spreads, and tried on the `Request`, on every call): openapi-fetch builds the
 * `Request` synchronously when its `POST` is called, so the class asks the client for the attempt
 * being started (`attemptOf`).
 */
import type { FetchInit } from './transport.js';

/** A `Request` whose `signal` is that of the attempt being started when it is built, if any. */
export function createAttemptRequestClass(
  Base: typeof Request,
  attemptOf: () => FetchInit | undefined,
): typeof Request {
  return class AttemptRequest extends Base {
    readonly #attempt = attemptOf();

    override get signal(): AbortSignal {
      return this.#attempt?.signal ?? super.signal;
    }
  };
}
