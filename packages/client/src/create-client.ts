import type { paths } from '@svc/spec/types';
import createFetchClient from 'openapi-fetch';
import { toApiError, unparsedBody } from './api-error.js';
import { createAttemptRequestClass } from './attempt-request.js';
import { bodySerializer, type CredentialsPlacement, defaultHeaders } from './credentials.js';
import { SvcInvalidResponseError } from './errors.js';
import { type Environment, environments } from './generated/environments.gen.js';
import { sandboxFaultHeader } from './generated/headers.gen.js';
import { type OperationMethods, operationTable, type Paginators } from './generated/operations.gen.js';
import type { ClientMiddleware } from './middleware.js';
import type { OperationInfo, RetryPolicy } from './operation-info.js';
import type { CallOptions, PaginateOptions } from './operation-types.js';
import { mustBe } from './option-error.js';
import { paginate } from './paginate.js';
import type { PostMethod, RawPostInit, RawPostResult } from './post.js';
import { DEFAULT_MAX_RETRIES } from './retry.js';
import { type FetchInit, type FetchLike, send } from './transport.js';

/** The API version a request may pin with the `SVC-Version` header. */
export type ApiVersion = NonNullable<paths['/item/remove']['parameters']['header']>['SVC-Version'];

/** Default time limit of one attempt: some reads (first `/auth/get` of an Item) take long. */
export const DEFAULT_TIMEOUT_MS = 60_000;

/** Options of {@link createClient}. */
export interface ClientOptions {
  /** Your client identifier (`SVC-CLIENT-ID`). */
  clientId: string;
  /** Your secret for the environment you call (`SVC-SECRET`). Never logged, never in an error. */
  secret: string;
  /** A named environment; its base URL comes from the spec's `servers`. Default `sandbox`. */
  environment?: Environment;
  /** Any base URL (the mock, a local sandbox). Takes precedence over `environment`. */
  baseUrl?: string;
  /** Pins the API version for every request (`SVC-Version` header). */
  version?: ApiVersion;
  /** Send credentials as headers (default) or as `client_id` / `secret` body fields. */
  credentials?: CredentialsPlacement;
  /** A `fetch` implementation, for tests or runtimes without a global one. */
  fetch?: FetchLike;
  /** Time limit of each attempt in milliseconds, response body included. Default 60 000; `Infinity`: none. */
  timeoutMs?: number;
  /** Retries after the first attempt, within each operation's retry policy. Default 2; 0 turns retries off. */
  maxRetries?: number;
}

/**
 * The typed client:
 * - one method per operation, named after its operationId (`client.transferGet({ transfer_id })`),
 *   resolving to the response body and throwing an `SvcError`;
 * - `client.paginate.<operationId>(body)` for every paged operation;
 * - the path-typed `client.POST(path, { body })`, resolving to `{ data, error, response }`.
 *
 * All three are openapi-fetch calls: retries and time limits apply to them, and so does the
 * middleware registered with `client.use`.
 */
export interface SvcClient extends OperationMethods {
  /** Async iterators over every page of each paged operation. */
  readonly paginate: Paginators;
  /**
   * Calls an operation by path, openapi-fetch style: resolves to `{ data, error, response }`
   * without throwing for a non-2xx answer (`error` is the parsed error body); throws only when
   * no response arrives (`SvcNetworkError`, `SvcTimeoutError`) or the call is aborted.
   *
   * @example
   * const { data, error } = await client.POST('/identity/get', { body: { access_token } });
   */
  readonly POST: PostMethod;
  /**
   * Registers openapi-fetch middleware (`{ onRequest, onResponse, onError }`) for every call of
   * this client, named methods and paginators included. It runs on each attempt, after the client
   * has added the credentials, inside the attempt's time limit; an `onError` sees the failure of
   * one attempt, before it is retried or becomes an `SvcNetworkError`.
   *
   * @example
   * client.use({ onRequest: ({ request }) => { request.headers.set('X-Trace-Id', traceId()); } });
   */
  use(...middleware: ClientMiddleware[]): void;
  /** Removes middleware registered with {@link SvcClient.use}. */
  eject(...middleware: ClientMiddleware[]): void;
}

/**
 * Creates a typed client for the SVC API.
 *
 * @example
 * const client = createClient({ clientId, secret, environment: 'sandbox' });
 * const { access_token } = await client.itemPublicTokenExchange({ public_token: publicToken });
 */
export function createClient(options: ClientOptions): SvcClient {
  const { clientId, secret, version, credentials = 'headers', environment } = options;
  // The options, checked; errors name the option and never show the secret.
  if (!clientId || !secret) {
    throw new TypeError('createClient needs both clientId and secret');
  }
  if (credentials !== 'headers' && credentials !== 'body') {
    mustBe('credentials', "'headers' or 'body'", credentials);
  }
  if (environment !== undefined && !Object.hasOwn(environments, environment)) {
    mustBe('environment', `one of ${Object.keys(environments)} (or set baseUrl)`, environment);
  }
  const baseUrl = (options.baseUrl ?? environments[environment ?? 'sandbox']).replace(/\/+$/, '');
  try {
    new URL(baseUrl);
  } catch {
    mustBe('baseUrl', 'an absolute URL', baseUrl);
  }
  const timeoutMs = checkTimeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const maxRetries = checkRetries(options.maxRetries ?? DEFAULT_MAX_RETRIES);
  const bodyCredentials = credentials === 'body';
  const policies: Record<string, RetryPolicy> = {};
  const baseFetch: FetchLike = options.fetch ?? ((request, init) => globalThis.fetch(request, init));
  // The attempt whose openapi-fetch `POST` is being called: its `Request` is built synchronously.
  let starting: FetchInit | undefined;
  // Credentials go in the default headers, or into every JSON body.
  const fetchClient = createFetchClient<paths>({
    baseUrl,
    headers: defaultHeaders(options, bodyCredentials, version),
    fetch: baseFetch,
    Request: createAttemptRequestClass(globalThis.Request, () => starting),
    bodySerializer: bodySerializer(credentials, options),
    // No operation has query parameters: a serializer per call would be built for nothing.
    querySerializer: () => '',
  });
  const rawPost = fetchClient.POST as unknown as (path: string, init: RawPostInit) => Promise<RawPostResult>;

  /**
   * One call of openapi-fetch's `POST`, within the time limit and retry policy of the call.
   * `init` holds no `signal`: the caller's is `signal`.
   */
  function post(path: string, init: RawPostInit, limits?: CallOptions, signal?: AbortSignal) {
    // With body credentials even a call without a body sends them.
    const body = init.body === undefined && bodyCredentials ? {} : init.body;
    // The attempt's signal goes to fetch (`fetch(request, { signal })`), not into the `Request`
    // openapi-fetch builds: a `Request` with a signal follows it (a listener, a weak reference and
    // a finalizer each), and fetch follows the signal it is given anyway; with both, every
    // attempt would pay twice. The `Request` still shows it as its `signal` (see attempt-request.ts).
    // Only the first attempt carries the sandbox's fault header (however it was set: per call,
    // by default headers or by middleware), so that a retry shows what a real client would see
    // after the failure it asked for, such as the replay of a response dropped after commit.
    let retry = false;
    const attempt = (fetchInit: FetchInit | undefined) => {
      starting = fetchInit;
      const again = retry;
      retry = true;
      try {
        return rawPost(
          path,
          Object.assign({}, init, {
            body,
            fetch:
              fetchInit || again
                ? (request: Request) => {
                    if (again) {
                      request.headers.delete(sandboxFaultHeader);
                    }
                    // Once the headers arrive, a time-out is one of the body: keep their status.
                    return baseFetch(request, fetchInit).then((response) => {
                      if (fetchInit) {
                        fetchInit.status = response.status;
                      }
                      return response;
                    });
                  }
                : baseFetch,
          }),
        );
      } finally {
        starting = undefined;
      }
    };
    return send(path, attempt, {
      timeoutMs: checkTimeout(limits?.timeoutMs ?? timeoutMs),
      maxRetries: checkRetries(limits?.maxRetries ?? maxRetries),
      policy: policies[path] ?? 'unsafe',
      secret,
      signal,
    });
  }

  /** Calls one operation; resolves to the parsed 2xx body, throws an SvcError otherwise. */
  async function call(path: string, body: unknown, callOptions?: CallOptions): Promise<Record<string, unknown>> {
    const { data, error, response } = await post(
      path,
      { body: body ?? {}, parseAs: 'text', headers: callOptions?.headers },
      callOptions,
      callOptions?.signal,
    );
    const { ok, status } = response;
    if (!ok) {
      throw toApiError({ operation: path, status, headers: response.headers, body: error, secret });
    }
    // The JSON object of a 2xx body; anything else is an SvcInvalidResponseError.
    const text = typeof data === 'string' ? data : '';
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {}
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new SvcInvalidResponseError({
        operation: path,
        status,
        problem: text === '' ? 'an empty body' : 'a body that is not a JSON object',
        unparsedBody: unparsedBody(text, secret),
      });
    }
    return value as Record<string, unknown>;
  }

  const client: Record<string, unknown> = {
    paginate: {},
    POST: (path: string, init: RawPostInit = {}) =>
      post(path, init.signal ? Object.assign({}, init, { signal: undefined }) : init, undefined, init.signal),
    use: fetchClient.use,
    eject: fetchClient.eject,
  };
  const paginators = client.paginate as Record<string, (body?: unknown, options?: PaginateOptions) => unknown>;
  for (const [name, { path, retry, paging }] of Object.entries(operationTable as Record<string, OperationInfo>)) {
    policies[path] = retry;
    client[name] = (body: unknown, callOptions?: CallOptions) => call(path, body, callOptions);
    if (paging) {
      // The paginate options go to each call too: a call reads only its own options from them.
      paginators[name] = (body, paginateOptions = {}) =>
        paginate(
          (page) => call(path, page, paginateOptions),
          paging,
          path,
          (body ?? {}) as Record<string, unknown>,
          paginateOptions,
        );
    }
  }
  return client as unknown as SvcClient;
}

/** A time limit in milliseconds: Infinity (or anything from NO_TIME_LIMIT_MS on) turns it off. */
function checkTimeout(timeoutMs: number): number {
  return timeoutMs > 0 ? timeoutMs : mustBe('timeoutMs', 'a positive number (Infinity: no limit)', timeoutMs);
}

function checkRetries(maxRetries: number): number {
  return Number.isInteger(maxRetries) && maxRetries >= 0
    ? maxRetries
    : mustBe('maxRetries', 'an integer >= 0', maxRetries);
}
