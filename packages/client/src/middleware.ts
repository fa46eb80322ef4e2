/**
 * The middleware `client.use()` takes: openapi-fetch's `Middleware`, declared here structurally so
 * that the client's declarations import nothing from openapi-fetch (its generic declarations
 * would multiply what a consumer's type-check costs). A `Middleware` written for openapi-fetch is
 * accepted as it is.
 */

/** What each middleware callback is given, as openapi-fetch fills it. */
export interface MiddlewareParams {
  /** The request of this attempt; `onRequest` may return a new one. */
  request: Request;
  /** The operation path, e.g. `/transfer/get`. */
  readonly schemaPath: string;
  /** The call's parameters (this API has only the `SVC-Version` header). */
  readonly params: { readonly header?: Record<string, unknown> };
  /** A random id, the same for the callbacks of one attempt. */
  readonly id: string;
  /** The client's openapi-fetch options (read-only). */
  readonly options: { readonly baseUrl: string; readonly parseAs: string };
}

/**
 * openapi-fetch middleware: `onRequest` may return a new `Request`, or a `Response` to answer
 * without calling the server; `onResponse` may return a new `Response`; `onError` sees a failure
 * without a response and may return a `Response` (recovering) or another `Error`. They run on
 * every attempt, inside its time limit.
 */
// biome-ignore-start lint/suspicious/noConfusingVoidType: openapi-fetch's callback types, which may return nothing (async too)
export interface ClientMiddleware {
  onRequest?(
    params: MiddlewareParams,
  ): void | Request | Response | undefined | Promise<Request | Response | undefined | void>;
  onResponse?(
    params: MiddlewareParams & { response: Response },
  ): void | Response | undefined | Promise<Response | undefined | void>;
  onError?(params: MiddlewareParams & { error: unknown }): void | Response | Error | Promise<void | Response | Error>;
}
// biome-ignore-end lint/suspicious/noConfusingVoidType: see above
