/**
 * Matches a request to an operation by exact path and method; everything else is a 404
 * `NOT_FOUND` or a 405 `METHOD_NOT_ALLOWED` in the API's error format.
 */
import { createApiError, type ErrorResponse } from './api-error.js';

/** One operation a server answers. */
export interface Route {
  /** The path, e.g. `/item/remove` (the API has no path parameters). */
  path: string;
  /** Upper-case HTTP method, e.g. `POST`. */
  method: string;
  /** The operationId, e.g. `itemRemove`. */
  operationId: string;
}

/** The outcome of {@link RouteTable.match}. */
export type RouteMatch<R extends Route> =
  | { kind: 'found'; route: R }
  | { kind: 'not-found'; path: string }
  | { kind: 'method-not-allowed'; path: string; method: string; allowed: string[] };

/** Looks routes up by path and method. */
export interface RouteTable<R extends Route> {
  /** Every route, in the order given. */
  readonly routes: readonly R[];
  /** Matches `method` and the request target `url` (its query string is ignored). */
  match(method: string, url: string): RouteMatch<R>;
}

/** Builds a {@link RouteTable}; throws on a duplicate path and method. */
export function createRouteTable<R extends Route>(routes: readonly R[]): RouteTable<R> {
  // Each route's match is made once: a request that finds its route allocates nothing here.
  const byPath = new Map<string, Map<string, RouteMatch<R> & { kind: 'found' }>>();
  for (const route of routes) {
    const methods = byPath.get(route.path) ?? new Map<string, RouteMatch<R> & { kind: 'found' }>();
    const method = route.method.toUpperCase();
    if (methods.has(method)) {
      throw new Error(`duplicate route ${method} ${route.path}`);
    }
    methods.set(method, Object.freeze({ kind: 'found', route }));
    byPath.set(route.path, methods);
  }
  return {
    routes,
    match(method, url) {
      const path = requestPath(url);
      const methods = byPath.get(path);
      if (!methods) {
        return { kind: 'not-found', path };
      }
      const found = methods.get(method) ?? methods.get(method.toUpperCase());
      if (!found) {
        return { kind: 'method-not-allowed', path, method: method.toUpperCase(), allowed: [...methods.keys()] };
      }
      return found;
    },
  };
}

const PERCENT_ESCAPE = /%([0-9A-Fa-f]{2})/g;
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
/** What makes a request target more than its path: a query, a fragment or a percent-escape. */
const PATH_TO_READ = /[?#%]/;

/**
 * The path of a request target, without query string or fragment. Percent-escapes of unreserved
 * characters (letters, digits, `-._~`) are decoded, as they mean the same path (RFC 3986 §6.2.2);
 * every other escape stays encoded, in upper case: `/item%2Fremove` is not `/item/remove`, so
 * it matches no operation.
 */
export function requestPath(url: string): string {
  if (!PATH_TO_READ.test(url)) {
    // No query, fragment or escape (every request of a client): the target is the path.
    return url;
  }
  const end = url.search(/[?#]/);
  const raw = end === -1 ? url : url.slice(0, end);
  return raw.replace(PERCENT_ESCAPE, (sequence, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : sequence.toUpperCase();
  });
}

/** The 404 or 405 error of a failed match, naming the path (and the allowed methods). */
export function routeError(match: Exclude<RouteMatch<Route>, { kind: 'found' }>, requestId?: string): ErrorResponse {
  if (match.kind === 'not-found') {
    return {
      error: createApiError({
        errorType: 'INVALID_REQUEST',
        errorCode: 'NOT_FOUND',
        message: `no operation at path ${match.path}`,
        requestId,
        suggestedAction: 'Check the path against the API reference; every operation is a POST to a fixed path.',
      }),
    };
  }
  const allowed = [...match.allowed, 'OPTIONS'].join(', ');
  return {
    error: createApiError({
      errorType: 'INVALID_REQUEST',
      errorCode: 'METHOD_NOT_ALLOWED',
      message: `${match.path} does not accept ${match.method}; allowed: ${match.allowed.join(', ')}`,
      requestId,
      suggestedAction: `Send the request as ${match.allowed.join(' or ')}.`,
    }),
    headers: { Allow: allowed },
  };
}
