/**
 * The `Request` class the client gives openapi-fetch: a `Request` whose `signal` is the abort
 * signal of its attempt (time limit and caller's signal), for a fetch or middleware that reads it
 * there. The signal is not put into the `Request` itself: a `Request` built with a signal follows
 * it (a listener, a weak reference and a finalizer) although the fetch is given it directly
 * (`fetch(request, { signal })`), and it is made only when someone reads it.
 */
import type { FetchInit } from './transport.js';

/** The key under which a call's init carries its attempt's {@link FetchInit} into the `Request`. */
export const ATTEMPT = Symbol('svc.attempt');

/** A `Request` whose `signal` is its attempt's, when it has one. */
export function createAttemptRequestClass(Base: typeof Request): typeof Request {
  return class AttemptRequest extends Base {
    readonly [ATTEMPT]: FetchInit | undefined;

    constructor(input: RequestInfo | URL, init?: RequestInit & { [ATTEMPT]?: FetchInit }) {
      super(input, init);
      this[ATTEMPT] = init?.[ATTEMPT];
    }

    override get signal(): AbortSignal {
      return this[ATTEMPT]?.signal ?? super.signal;
    }
  };
}
