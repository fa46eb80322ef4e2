/**
 * The path-typed call, `client.POST(path, { body })`, resolving to `{ data, error, response }`
 * without throwing for non-2xx answers: the call shape of openapi-fetch, typed from the generated
 * `paths` and cut to what this API uses (every operation is a `POST` with a JSON body, the only
 * parameter is the `SVC-Version` header), so a bundle carries no query, path or form serializers
 * and a type-check no generic machinery.
 */
import type { paths } from '@svc/spec/types';
import type { FetchLike } from './transport.js';

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

/** The untyped options the client's own calls also use (`parseAs`, a per-call `fetch`). */
export interface RawPostInit {
  body?: unknown;
  headers?: Record<string, string>;
  params?: { header?: Record<string, string | undefined> };
  signal?: AbortSignal;
  /** `json` (default) parses a 2xx body; `text` keeps it as text. */
  parseAs?: 'json' | 'text';
  /** Sends this request with another fetch (the client's per-call time limit and retries). */
  fetch?: FetchLike;
}

/** What {@link createPost} needs. */
export interface PostOptions {
  baseUrl: string;
  /** Headers of every request (credentials, version); per-call headers override them. */
  headers: Record<string, string>;
  fetch: FetchLike;
  /**
   * Serializes the JSON body, or gives undefined for no body. Adds the credentials when they
   * travel in the body (then even a call without a body sends them).
   */
  serialize: (body: unknown) => string | undefined;
}

/**
 * Creates the path-typed `POST`. A body is sent as JSON with `Content-Type: application/json`
 * (unless a header says otherwise). A 204 or an empty body gives `data` / `error` undefined; an
 * error body is parsed as JSON when it is JSON, else kept as text.
 */
export function createPost(options: PostOptions) {
  return async (path: string, init: RawPostInit = {}) => {
    const { body, headers, params, parseAs = 'json', fetch = options.fetch, signal } = init;
    const text = options.serialize(body);
    const merged = new Headers(text === undefined ? {} : { 'Content-Type': 'application/json' });
    for (const source of [options.headers, headers, params?.header]) {
      for (const [name, value] of Object.entries(source ?? {})) {
        if (value !== undefined) {
          merged.set(name, value);
        }
      }
    }
    const response = await fetch(
      new Request(options.baseUrl + path, { method: 'POST', headers: merged, body: text, signal }),
    );
    const length = response.headers.get('Content-Length');
    if (
      response.status === 204 ||
      (length === '0' && !response.headers.get('Transfer-Encoding')?.includes('chunked'))
    ) {
      return response.ok ? { data: undefined, response } : { error: undefined, response };
    }
    const raw = await response.text();
    if (response.ok) {
      return { data: parseAs === 'text' ? raw : raw === '' ? undefined : JSON.parse(raw), response };
    }
    try {
      return { error: JSON.parse(raw), response };
    } catch {
      return { error: raw, response };
    }
  };
}
