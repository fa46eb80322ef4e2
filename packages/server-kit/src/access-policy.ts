/**
 * Which web pages and which host names a server answers. A server bound to this machine only
 * must not be driven by any page its user visits: CORS lets only the allowed origins read its
 * answers, a request from another origin is refused before it does anything, and the `Host`
 * check defeats DNS rebinding (a page whose own name resolves to 127.0.0.1).
 */
import type { IncomingMessage } from 'node:http';
import { createApiError, type ErrorResponse } from './api-error.js';

/** Origins allowed to call a server: `'*'` for any page, or a list (see {@link isOriginAllowed}). */
export type AllowedOrigins = '*' | readonly string[];

/** What a server accepts besides its operations' own rules. */
export interface AccessPolicy {
  /** Pages allowed to call the server from a browser. Default `'*'`. */
  allowedOrigins?: AllowedOrigins;
  /** `Host` header names accepted (any port); undefined for any name. */
  allowedHosts?: readonly string[];
}

/**
 * The `Origin` a browser sends for a page opened from a file (`file://`): the string `null`. The
 * HTML reference (`@svc/docs`) opened from disk sends it when its "Try it" console calls a local
 * server.
 */
export const FILE_PAGE_ORIGIN = 'null';

/**
 * The origins of a local page: a frontend on any port (`http://localhost:*`,
 * `http://127.0.0.1:*`, `http://[::1]:*`; the HTML reference served by `npm start` or
 * `svc-docs serve` is one) and a page opened from a file ({@link FILE_PAGE_ORIGIN}, the HTML
 * reference opened from disk). The sandbox's default. Note that a sandboxed `<iframe>` of any
 * site also sends `Origin: null`; the sandbox holds test data only, and `--allowed-origins`
 * narrows the list.
 */
export const LOCAL_ORIGINS: readonly string[] = [
  'http://localhost:*',
  'http://127.0.0.1:*',
  'http://[::1]:*',
  FILE_PAGE_ORIGIN,
];

/** Host names that always mean this machine. */
const LOOPBACK_NAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** Whether `host` (an interface to bind) is this machine only: `localhost`, 127.0.0.0/8 or `::1`. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || name === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

/**
 * The `Host` names a server bound to `bindHost` accepts by default: on a loopback interface, the
 * loopback names and `bindHost` itself (plus `extra`); on any other interface, any name
 * (`undefined`), since the names it is reached by are not known.
 */
export function defaultAllowedHosts(bindHost: string, extra: readonly string[] = []): string[] | undefined {
  if (!isLoopbackHost(bindHost)) {
    return extra.length > 0 ? [...extra] : undefined;
  }
  const own = bindHost.includes(':') && !bindHost.startsWith('[') ? `[${bindHost}]` : bindHost;
  return [...new Set([...LOOPBACK_NAMES, own.toLowerCase(), ...extra.map((name) => name.toLowerCase())])];
}

/** The name of a `Host` header value without its port: `localhost:4020` → `localhost`, `[::1]:80` → `[::1]`. */
export function hostName(hostHeader: string): string {
  const value = hostHeader.trim().toLowerCase();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    return end === -1 ? value : value.slice(0, end + 1);
  }
  const colon = value.indexOf(':');
  return (colon === -1 ? value : value.slice(0, colon)).replace(/\.$/, '');
}

/**
 * Whether `origin` is allowed by `allowed`: `'*'` allows every origin; a list entry is an exact
 * origin (`https://app.example.com`) or one with the port `*` for any port of that scheme and host
 * (`http://localhost:*`, which also allows the default port).
 */
export function isOriginAllowed(origin: string, allowed: AllowedOrigins): boolean {
  if (allowed === '*') {
    return true;
  }
  const wanted = origin.toLowerCase();
  return allowed.some((entry) => {
    const pattern = entry.toLowerCase().replace(/\/$/, '');
    if (!pattern.endsWith(':*')) {
      return pattern === wanted;
    }
    const base = pattern.slice(0, -2);
    return wanted === base || (wanted.startsWith(`${base}:`) && /^\d+$/.test(wanted.slice(base.length + 1)));
  });
}

/**
 * The 400 `INVALID_HEADERS` for a request this server refuses to answer: a `Host` it is not
 * known by (a DNS rebinding page), or an `Origin` that is not allowed. `undefined` when the
 * request may proceed.
 */
export function refusedAccess(
  req: IncomingMessage,
  policy: AccessPolicy,
  requestId?: string,
): ErrorResponse | undefined {
  const host = req.headers.host;
  if (policy.allowedHosts && !isHostAllowed(host, policy.allowedHosts)) {
    return refusal(
      'Host',
      host === undefined
        ? 'the Host header is missing; this server answers only requests addressed to one of its names'
        : `the Host header names a host this server is not known by; it answers ${policy.allowedHosts.join(', ')} (start it with --allowed-hosts to add names)`,
      requestId,
    );
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !isOriginAllowed(origin, policy.allowedOrigins ?? '*')) {
    return refusal(
      'Origin',
      `requests from the web page ${JSON.stringify(origin.slice(0, 200))} are not allowed (start the server with --allowed-origins to allow it)`,
      requestId,
    );
  }
  return undefined;
}

/**
 * Whether {@link refusedAccess} lets `req` through, without making the error it would answer: what
 * a server checks on every request, drawing a request id only for one it refuses.
 */
export function isAccessAllowed(req: IncomingMessage, policy: AccessPolicy): boolean {
  if (policy.allowedHosts && !isHostAllowed(req.headers.host, policy.allowedHosts)) {
    return false;
  }
  const origin = req.headers.origin;
  return origin === undefined || isOriginAllowed(origin, policy.allowedOrigins ?? '*');
}

/** The last `Host` value checked, against which list, and the verdict: a client sends the same one every time. */
let lastHostCheck: { host: string; allowedHosts: readonly string[]; allowed: boolean } | undefined;

/** Whether the `Host` header value `host` names one of `allowedHosts` (any port). */
function isHostAllowed(host: string | undefined, allowedHosts: readonly string[]): boolean {
  if (host === undefined) {
    return false;
  }
  if (lastHostCheck?.host === host && lastHostCheck.allowedHosts === allowedHosts) {
    return lastHostCheck.allowed;
  }
  const allowed = allowedHosts.includes(hostName(host));
  lastHostCheck = { host, allowedHosts, allowed };
  return allowed;
}

function refusal(header: string, message: string, requestId: string | undefined): ErrorResponse {
  return {
    error: createApiError({
      errorType: 'INVALID_REQUEST',
      errorCode: 'INVALID_HEADERS',
      message,
      requestId,
      causes: [
        {
          error_type: 'INVALID_REQUEST',
          error_code: 'INVALID_HEADERS',
          error_message: message,
          header,
          location: 'header',
        },
      ],
      suggestedAction:
        header === 'Host'
          ? 'Call the server by the name it listens on (localhost or 127.0.0.1 for a local one).'
          : 'Call the server from an allowed page, or allow the page when starting the server.',
    }),
  };
}
