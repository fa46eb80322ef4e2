/**
 * What every SVC API server answers before its own operations, and its request log: `GET /healthz`
 * and `GET /readyz` (no credentials), the OpenAPI document it implements at `GET /openapi.json` and
 * `GET /openapi.yaml` (any other method but `OPTIONS` on those paths: 405 `METHOD_NOT_ALLOWED`
 * with `Allow`), then the server's own handling; one log entry per response, with
 * `error_code` on a 4xx or 5xx. The result is a plain `node:http` request listener: {@link listen}
 * puts it on a socket and {@link inject} calls it in-process.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AccessPolicy, isAccessAllowed, refusedAccess } from '../access-policy.js';
import { applyCors } from '../cors.js';
import { newRequestId } from '../request-id.js';
import { requestPath, routeError } from '../routes.js';
import { sendApiError, sentBodyFacts } from '../send-json.js';
import type { Logger } from './log.js';
import { createReadiness, type Readiness } from './readiness.js';

/** A `node:http` request listener. */
export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/** The OpenAPI document a server implements, in both forms it is served in. */
export interface OpenApiDocument {
  json: string | Buffer;
  yaml: string | Buffer;
}

/** Options of {@link createRequestCore}. */
export interface RequestCoreOptions {
  /** Names the server in `/healthz` (`svc-mock`, `svc-sandbox`). */
  service: string;
  /** The server's own handling of every other request. */
  handle: RequestListener;
  /** Served at `/openapi.json` and `/openapi.yaml`. */
  openapi: OpenApiDocument;
  /** Receives one `request` entry per response. Default: none. */
  logger?: Logger;
  /**
   * The `Host` names and the web pages (`Origin`) answered; every other request, the core's own
   * paths included, gets the 400 `INVALID_HEADERS` of `refusedAccess`. Default: any.
   */
  access?: AccessPolicy;
  /**
   * Answered at `/readyz`: 200 when ready, otherwise 503; pass the same object to {@link listen}
   * so that a stop reports not ready first. Default: ready (no checks) until nothing stops it.
   */
  readiness?: Readiness;
}

/** Paths the core answers itself, with no credentials. */
export const CORE_PATHS = ['/healthz', '/readyz', '/openapi.json', '/openapi.yaml'] as const;

/** Where a response keeps its log fields (a property of its own: cheaper per request than a WeakMap). */
const REQUEST_FIELDS = Symbol('svc.requestLogFields');

/**
 * The fields a server adds to the request log entry of `res` (for example `operation` and
 * `client_id`); mutate the returned object. Outside a request core, an object nobody reads.
 */
export function requestLogFields(res: ServerResponse): Record<string, unknown> {
  const holder = res as ServerResponse & { [REQUEST_FIELDS]?: Record<string, unknown> };
  let fields = holder[REQUEST_FIELDS];
  if (!fields) {
    fields = {};
    holder[REQUEST_FIELDS] = fields;
  }
  return fields;
}

/**
 * The level of a request's log line: `error` for a 5xx, except the `503` of `/readyz`, which is
 * the probe's answer rather than a failure: `info` while the server stops on purpose (the drain
 * answers it so), `warn` when a check fails (the database is unreachable, a migration is missing).
 */
export function requestLogLevel(status: number, path: string, stopping: boolean): 'info' | 'warn' | 'error' {
  if (path === '/readyz' && status === 503) {
    return stopping ? 'info' : 'warn';
  }
  return status >= 500 ? 'error' : 'info';
}

/** Answers `/readyz`: `{ status: 'ready' | 'not_ready', service, checks }`, 200 or 503, never cached. */
async function sendReadiness(req: IncomingMessage, res: ServerResponse, readiness: Readiness, service: string) {
  const report = await readiness.report();
  const payload = Buffer.from(
    JSON.stringify({ status: report.ready ? 'ready' : 'not_ready', service, checks: report.checks }),
  );
  res.writeHead(report.ready ? 200 : 503, {
    'Content-Type': 'application/json',
    'Content-Length': payload.length,
    'Cache-Control': 'no-store',
  });
  res.end(req.method === 'HEAD' ? undefined : payload);
}

function sendDocument(req: IncomingMessage, res: ServerResponse, body: string | Buffer, contentType: string): void {
  const payload = typeof body === 'string' ? Buffer.from(body) : body;
  res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': payload.length });
  res.end(req.method === 'HEAD' ? undefined : payload);
}

/**
 * A request listener that first refuses a request from a `Host` or an `Origin` that
 * `options.access` does not allow, then answers `GET`/`HEAD` on `/healthz` (the process serves),
 * `/readyz` (`options.readiness`: 200 or 503), `/openapi.json` and `/openapi.yaml` and hands every other request to `options.handle`. With a logger, each response is logged once
 * as `{ event: 'request', request_id, method, path, status, duration_ms, ...fields }` where the
 * fields come from {@link requestLogFields}, plus `error_code` when the status is 400 or more. The
 * path is logged without its query string; no header or body value is logged.
 */
export function createRequestCore(options: RequestCoreOptions): RequestListener {
  const { logger, openapi, service, handle, access } = options;
  const readiness = options.readiness ?? createReadiness();
  const started = Date.now();
  const health = () => JSON.stringify({ status: 'ok', service, uptime_s: Math.round((Date.now() - started) / 1000) });
  return (req, res) => {
    if (logger) {
      const startedAt = performance.now();
      const fields = requestLogFields(res);
      res.once('finish', () => {
        const facts = sentBodyFacts(res);
        const path = requestPath(req.url ?? '/');
        logger({
          level: requestLogLevel(res.statusCode, path, readiness.stopping),
          event: 'request',
          request_id: facts.requestId ?? null,
          method: req.method ?? '',
          path,
          ...fields,
          status: res.statusCode,
          ...(res.statusCode >= 400 ? { error_code: facts.errorCode ?? null } : {}),
          duration_ms: Math.round((performance.now() - startedAt) * 100) / 100,
        });
      });
    }
    const refused = access && !isAccessAllowed(req, access) && refusedAccess(req, access, newRequestId());
    if (refused) {
      req.resume();
      sendApiError(res, { ...refused, headers: { ...refused.headers, Connection: 'close' } });
      return;
    }
    const method = req.method ?? 'GET';
    if (method === 'GET' || method === 'HEAD') {
      const path = requestPath(req.url ?? '/');
      const answer =
        path === '/healthz'
          ? () => sendDocument(req, res, health(), 'application/json')
          : path === '/readyz'
            ? () => void sendReadiness(req, res, readiness, service)
            : path === '/openapi.json'
              ? () => sendDocument(req, res, openapi.json, 'application/json')
              : path === '/openapi.yaml'
                ? () => sendDocument(req, res, openapi.yaml, 'application/yaml; charset=utf-8')
                : undefined;
      if (answer) {
        req.resume();
        applyCors(req, res, { allowedOrigins: access?.allowedOrigins });
        answer();
        return;
      }
    } else if (method !== 'OPTIONS') {
      // The server's own paths answer GET and HEAD only (a preflight goes on to the server's CORS).
      const path = requestPath(req.url ?? '/');
      if ((CORE_PATHS as readonly string[]).includes(path)) {
        req.resume();
        applyCors(req, res, { allowedOrigins: access?.allowedOrigins });
        sendApiError(
          res,
          routeError({ kind: 'method-not-allowed', path, method, allowed: ['GET', 'HEAD'] }, newRequestId()),
        );
        return;
      }
    }
    handle(req, res);
  };
}
