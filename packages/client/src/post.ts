/**
 * The types of the path-typed call, `client.POST(path, { body })`: openapi-fetch's `POST`,
 * resolving to `{ data, error, response }` without throwing for non-2xx answers, typed from the
 * generated `paths` and cut to what this API uses (every operation is a `POST` with a JSON body,
 * the only parameter is the `SVC-Version` header), so that a consumer's type-check carries none of
 * openapi-fetch's generic machinery.
 */
import type { paths } from '@svc/spec/types';
import type { ClientMiddleware } from './middleware.js';

/** The path of an operation of the API (every operation is a `POST`). */
export type ApiPath = keyof paths;

type JsonContent<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type Responses<Path extends ApiPath> = paths[Path]['post']['responses'];

/** The JSON request body of an operation, by path. */
export type PathRequestBody<Path extends ApiPath> = JsonContent<paths[Path]['post']['requestBody']>;

/** The JSON body of an operation's 200 response, by path. */
export type PathResponseBody<Path extends ApiPath> = JsonContent<Responses<Path>[200]>;

/** The JSON body of an operation's error responses (the API error object), by path. */
export type PathErrorBody<Path extends ApiPath> = JsonContent<Responses<Path>[Exclude<keyof Responses<Path>, 200>]>;

/** The second argument of `client.POST`. */
export interface PostInit<Body> {
  /** The JSON request body (your credentials are added for you). */
  body: Body;
  /** Extra request headers, for example `{ Prefer: 'code=400' }` against the mock. */
  headers?: Record<string, string>;
  /** Header parameters of the operation: the API version to use for this call. */
  params?: { header?: NonNullable<paths[ApiPath]['parameters']['header']> };
  /** Aborts the call (and any retry wait). */
  signal?: AbortSignal;
  /** openapi-fetch middleware for this call only, run after the client's (`client.use`). */
  middleware?: readonly ClientMiddleware[];
}

/**
 * What `client.POST` resolves to: the parsed 200 body as `data`, or the parsed error body as
 * `error` (JSON when it is JSON, else its text); `response` either way.
 */
export type PostResult<Path extends ApiPath> =
  | { data: PathResponseBody<Path>; error?: never; response: Response }
  | { data?: never; error: PathErrorBody<Path>; response: Response };

/** The path-typed call of the client. */
export type PostMethod = <Path extends ApiPath>(
  path: Path,
  init: PostInit<PathRequestBody<Path>>,
) => Promise<PostResult<Path>>;

/** The untyped options of openapi-fetch's `POST` that the client passes on. */
export interface RawPostInit {
  body?: unknown;
  headers?: Record<string, string> | undefined;
  params?: { header?: Record<string, string | undefined> };
  signal?: AbortSignal | undefined;
  /** `json` (default) parses a 2xx body; `text` keeps it as text. */
  parseAs?: 'json' | 'text';
  middleware?: readonly ClientMiddleware[] | undefined;
  /** The fetch of this call (openapi-fetch's per-call `fetch`). */
  fetch?: (request: Request) => Promise<Response>;
}

/** What openapi-fetch's `POST` resolves to, untyped. */
export interface RawPostResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}
