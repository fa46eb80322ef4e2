/**
 * The edges of an API server in one call: CORS, preflight, routing (404/405), the JSON object
 * body (415/413/400) and the credentials (401). A server handles what it returns and nothing
 * else; every rejection has already been answered in the API's error format.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerPreflight, applyCors, type CorsOptions } from './cors.js';
import { type Credentials, malformedCredentialFields, readCredentials } from './credentials.js';
import type { JsonLimits } from './json-limits.js';
import { type BodyResult, readJsonObjectBodyThen } from './read-body.js';
import { newRequestId } from './request-id.js';
import { type Route, type RouteTable, routeError } from './routes.js';
import { sendApiError } from './send-json.js';
import { validationError } from './validation-error.js';

/** Options of {@link acceptRequest}. */
export interface AcceptRequestOptions<R extends Route> {
  routes: RouteTable<R>;
  /** Largest body accepted, in bytes (default 1 MiB). */
  bodyLimitBytes?: number;
  cors?: CorsOptions;
  /** Limits on nesting and size of the JSON body. Default: `DEFAULT_JSON_LIMITS`. */
  jsonLimits?: JsonLimits;
  /**
   * Whether a route takes the client credentials (default: every route). A route that does not
   * (an operation another security scheme protects, such as the sandbox's admin key) is accepted
   * without them, and any it carries are not read: the server authenticates it its own way.
   */
  takesClientCredentials?: (route: R) => boolean;
}

/** A request that passed the edges: its operation, its JSON object body and its credentials. */
export interface AcceptedRequest<R extends Route> {
  requestId: string;
  route: R;
  body: Record<string, unknown>;
  /** Size of the body in bytes. */
  byteLength: number;
  /** The client credentials; undefined for a route that does not take them (`takesClientCredentials`). */
  credentials: Credentials | undefined;
}

/**
 * Runs the edge checks on `req` in this order: CORS headers (on every response), `OPTIONS`
 * preflight (204), route (404 `NOT_FOUND`, 405 `METHOD_NOT_ALLOWED`), body (415
 * `INVALID_CONTENT_TYPE`, 413 `BODY_TOO_LARGE`, 400 `INVALID_BODY`, 400 `INVALID_FIELD` for a
 * number out of range or a string with a NUL), credentials (400 `INVALID_FIELD` for a body
 * credential that is not a non-empty string, 401 `MISSING_CREDENTIALS`). Returns the accepted request, or `undefined` when `res` was answered.
 */
export function acceptRequest<R extends Route>(
  req: IncomingMessage,
  res: ServerResponse,
  options: AcceptRequestOptions<R>,
): Promise<AcceptedRequest<R> | undefined> {
  // One promise per request, settled from the body's last event: no chain of async functions.
  return new Promise((resolve, reject) => {
    const requestId = newRequestId();
    applyCors(req, res, options.cors);
    const method = (req.method ?? 'GET').toUpperCase();
    if (method === 'OPTIONS') {
      req.resume();
      answerPreflight(req, res, options.cors);
      resolve(undefined);
      return;
    }
    const match = options.routes.match(method, req.url ?? '/');
    if (match.kind !== 'found') {
      req.resume();
      sendApiError(res, routeError(match, requestId));
      resolve(undefined);
      return;
    }
    const bodyOptions = { limitBytes: options.bodyLimitBytes, requestId, jsonLimits: options.jsonLimits };
    readJsonObjectBodyThen(
      req,
      bodyOptions,
      (read) => resolve(acceptBody(req, res, options, requestId, match.route, read)),
      reject,
    );
  });
}

/** The end of {@link acceptRequest} once the body is read: the body's error, or the credentials. */
function acceptBody<R extends Route>(
  req: IncomingMessage,
  res: ServerResponse,
  options: AcceptRequestOptions<R>,
  requestId: string,
  route: R,
  read: BodyResult,
): AcceptedRequest<R> | undefined {
  if (!read.ok) {
    sendApiError(res, read.response);
    return undefined;
  }
  if (options.takesClientCredentials && !options.takesClientCredentials(route)) {
    return { requestId, route, body: read.body, byteLength: read.byteLength, credentials: undefined };
  }
  const malformed = malformedCredentialFields(req.headers, read.body);
  if (malformed.length > 0) {
    sendApiError(res, { error: validationError(malformed, requestId) });
    return undefined;
  }
  const credentials = readCredentials(req.headers, read.body, requestId);
  if (!credentials.ok) {
    sendApiError(res, credentials.response);
    return undefined;
  }
  return { requestId, route, body: read.body, byteLength: read.byteLength, credentials: credentials.credentials };
}
