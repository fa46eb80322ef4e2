/**
 * An in-process fake `fetch` for the client's tests: answers each request with the next scripted
 * step and records what it was sent.
 */

import { documentationUrl } from '@svc/server-kit';
import { vi } from 'vitest';
import type { ErrorType } from '../../src/generated/error-types.gen.js';

/**
 * One answer: a response, an error to throw, a function of the request, `hang` (never answers,
 * but rejects when its abort signal aborts: the one given as `fetch(request, { signal })`, else
 * the request's) or `deaf` (never answers, ignores the signal).
 */
export type Step = Response | Error | ((request: Request) => Response | Promise<Response>) | 'hang' | 'deaf';

/** What the fake saw of one request. */
export interface SeenRequest {
  /** The origin the request went to, e.g. `http://127.0.0.1:4020`. */
  origin: string;
  path: string;
  method: string;
  headers: Headers;
  /** The parsed JSON body. */
  body: Record<string, unknown>;
  /** `Date.now()` when the request arrived (fake time under fake timers). */
  at: number;
  /** The abort signal fetch was given in its second argument, if any. */
  signal: AbortSignal | undefined;
}

/** A fetch that answers with `steps` in order (the last one repeats) and records the requests. */
export function scriptedFetch(...steps: Step[]) {
  const requests: SeenRequest[] = [];
  const fetch = async (request: Request, init?: { signal?: AbortSignal }): Promise<Response> => {
    const text = await request.text();
    requests.push({
      origin: new URL(request.url).origin,
      path: new URL(request.url).pathname,
      method: request.method,
      headers: request.headers,
      body: text === '' ? {} : JSON.parse(text),
      at: Date.now(),
      signal: init?.signal,
    });
    const step = steps[Math.min(requests.length - 1, steps.length - 1)];
    if (step === undefined) {
      throw new Error('scriptedFetch: no step');
    }
    if (step === 'deaf') {
      return new Promise<Response>(() => {});
    }
    if (step === 'hang') {
      const signal = init?.signal ?? request.signal;
      return new Promise<Response>((_, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
    }
    if (step instanceof Error) {
      throw step;
    }
    return typeof step === 'function' ? step(request) : step.clone();
  };
  return { fetch, requests };
}

/** A JSON response. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** An API error object with all nine fields, as the API sends it. */
export function apiErrorBody(status: number, error_type: ErrorType, error_code: string, error_message = 'it failed') {
  return {
    error_type,
    error_code,
    error_message,
    display_message: null,
    request_id: 'Zx9Qm2Lp4Rt8Wv1',
    causes: [],
    status,
    documentation_url: documentationUrl(error_type, error_code),
    suggested_action: null,
  };
}

/** The error a failed undici fetch throws: `TypeError: fetch failed` with the system error as cause. */
export function fetchFailed(code: string, message = `connect ${code} 127.0.0.1:9`): TypeError {
  return new TypeError('fetch failed', { cause: Object.assign(new Error(message), { code }) });
}

/** The value or rejection reason of `promise`, without running timers. */
export function outcomeOf<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

/**
 * Settles `promise` while fake timers run (backoff waits, time limits), returning its value or
 * its rejection reason.
 */
export async function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  const outcome = outcomeOf(promise);
  await vi.runAllTimersAsync();
  return outcome;
}
