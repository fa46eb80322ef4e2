/**
 * CORS for browser apps: every response carries the CORS headers, and a preflight `OPTIONS` is
 * answered `204` with the headers the API's requests use (credentials, version, `Prefer`). Only
 * the allowed origins are named in `Access-Control-Allow-Origin`; credentials travel in headers,
 * so `Access-Control-Allow-Credentials` is never sent (no cookie or HTTP auth reaches a server).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AllowedOrigins, FILE_PAGE_ORIGIN, isOriginAllowed } from './access-policy.js';
import { HEADER_NAMES } from './generated/headers.gen.js';

/** Request headers a browser app may send: credentials, version, content type and `Prefer`. */
export const CORS_ALLOWED_HEADERS: readonly string[] = [
  'Content-Type',
  HEADER_NAMES.clientId,
  HEADER_NAMES.secret,
  HEADER_NAMES.svcVersion,
  'Prefer',
];

/**
 * Request headers a browser app may send to the API's stand-ins, the sandbox and the mock:
 * {@link CORS_ALLOWED_HEADERS} and the sandbox's fault header, so an app that sets it works on
 * both (the sandbox answers the fault; the mock, stateless, ignores the header).
 */
export const STAND_IN_CORS_ALLOWED_HEADERS: readonly string[] = [...CORS_ALLOWED_HEADERS, HEADER_NAMES.sandboxFault];

/** Response headers a browser app may read besides the CORS-safelisted ones. */
export const CORS_EXPOSED_HEADERS: readonly string[] = ['Retry-After', 'Deprecation'];

/** Methods a browser may use: every operation is a `POST`. */
export const CORS_ALLOWED_METHODS: readonly string[] = ['POST', 'OPTIONS'];

/** How long a browser may cache a preflight answer, in seconds. */
export const CORS_MAX_AGE_SECONDS = 600;

/** CORS configuration; the defaults are the API's. */
export interface CorsOptions {
  allowedHeaders?: readonly string[];
  exposedHeaders?: readonly string[];
  /** Pages whose requests may be read (see `isOriginAllowed`). Default `'*'`, any page. */
  allowedOrigins?: AllowedOrigins;
}

/**
 * The CORS headers of a response to `req`. An allowed origin is echoed back (with
 * `Vary: Origin`); another origin gets no `Access-Control-Allow-Origin`, so its page cannot read
 * the answer. A request without `Origin` gets `*`.
 */
export function corsHeaders(req: IncomingMessage, options: CorsOptions = {}): Record<string, string> {
  const origin = req.headers.origin;
  const headers: Record<string, string> = {
    'Access-Control-Expose-Headers': exposedHeadersOf(options),
  };
  if (origin) {
    if (isOriginAllowed(origin, options.allowedOrigins ?? '*')) {
      headers['Access-Control-Allow-Origin'] = origin;
    }
    headers.Vary = 'Origin';
  } else {
    headers['Access-Control-Allow-Origin'] = '*';
  }
  return headers;
}

/** The default `Access-Control-Expose-Headers` value, joined once. */
const DEFAULT_EXPOSED_HEADERS = CORS_EXPOSED_HEADERS.join(', ');

function exposedHeadersOf(options: CorsOptions): string {
  return options.exposedHeaders ? options.exposedHeaders.join(', ') : DEFAULT_EXPOSED_HEADERS;
}

/** Sets the CORS headers of {@link corsHeaders} on `res`. */
export function applyCors(req: IncomingMessage, res: ServerResponse, options: CorsOptions = {}): void {
  const headers = corsHeaders(req, options);
  for (const name in headers) {
    res.setHeader(name, headers[name] as string);
  }
}

/**
 * Answers an `OPTIONS` request (a CORS preflight or a plain one) with `204` and the allowed
 * methods and headers, on any path: the browser then sends the real request, which gets the
 * API's own answer (a 404 for an unknown path, readable by the app). A Private Network Access
 * preflight (`Access-Control-Request-Private-Network: true`, a public page calling a local
 * server) is allowed with `Access-Control-Allow-Private-Network: true` only for an allowed origin,
 * and never for `Origin: null`: a page opened from a file is not on a public network and needs no
 * such permission, while a sandboxed `<iframe>` of a public site, which sends `null` too, must not get it.
 */
export function answerPreflight(req: IncomingMessage, res: ServerResponse, options: CorsOptions = {}): void {
  const cors = corsHeaders(req, options);
  const privateNetwork =
    String(req.headers['access-control-request-private-network']).toLowerCase() === 'true' &&
    cors['Access-Control-Allow-Origin'] !== undefined &&
    cors['Access-Control-Allow-Origin'] !== FILE_PAGE_ORIGIN;
  res.writeHead(204, {
    ...cors,
    ...(privateNetwork ? { 'Access-Control-Allow-Private-Network': 'true' } : {}),
    'Access-Control-Allow-Methods': CORS_ALLOWED_METHODS.join(', '),
    'Access-Control-Allow-Headers': (options.allowedHeaders ?? CORS_ALLOWED_HEADERS).join(', '),
    'Access-Control-Max-Age': String(CORS_MAX_AGE_SECONDS),
    Allow: CORS_ALLOWED_METHODS.join(', '),
    'Content-Length': '0',
  });
  res.end();
}
