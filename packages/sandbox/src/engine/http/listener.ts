/**
 * The sandbox's request handling: the shared edges (`@svc/server-kit`: CORS, routing, body,
 * credentials), then authentication, the per-client rate limit, request validation against the
 * spec, and the operation's handler. Every outcome is written in the API's format and logged as
 * one JSON line.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  acceptRequest,
  createApiError,
  type ErrorCatalogue,
  type RequestValidator,
  type Route,
  type RouteTable,
  requestPath,
  sendApiError,
  sendJson,
  validationError,
} from '@svc/server-kit';
import type { OperationId } from '../../generated/handlers.gen.js';
import type { Authenticator } from '../clients/authenticate.js';
import type { Clock } from '../clock.js';
import { SandboxError } from '../errors/sandbox-error.js';
import type { HandlerContext, Handlers } from '../handler-types.js';
import type { Logger } from '../logger.js';
import type { Store } from '../store/open-store.js';
import type { RateLimiter } from './rate-limit.js';
import { isStoreOutage } from './store-outage.js';

/** A route of the sandbox: an operation with a handler. */
export interface SandboxRoute extends Route {
  operationId: OperationId;
}

/** What the listener needs. */
export interface ListenerOptions {
  routes: RouteTable<SandboxRoute>;
  validator: RequestValidator;
  catalogue: ErrorCatalogue;
  handlers: Handlers;
  store: Store;
  authenticate: Authenticator;
  clock: Clock;
  limiter: RateLimiter;
  logger: Logger;
  bodyLimitBytes: number;
  webhooksCommitted(): void;
}

/** A `node:http` request listener for the sandbox. */
export function createSandboxListener(options: ListenerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const started = performance.now();
    const log: { requestId?: string; operation?: string; clientId?: string } = {};
    res.once('finish', () =>
      options.logger({
        level: res.statusCode >= 500 ? 'error' : 'info',
        event: 'request',
        request_id: log.requestId ?? null,
        method: req.method ?? '',
        path: requestPath(req.url ?? '/'),
        operation: log.operation ?? null,
        client_id: log.clientId ?? null,
        status: res.statusCode,
        duration_ms: Math.round((performance.now() - started) * 100) / 100,
      }),
    );
    handle(req, res, options, log).catch((error: unknown) => {
      if (isStoreOutage(error)) {
        options.logger({
          level: 'error',
          event: 'store_unavailable',
          request_id: log.requestId ?? null,
          operation: log.operation ?? null,
          error: error instanceof Error ? error.message : String(error),
        });
        if (!res.headersSent) {
          sendApiError(res, {
            error: createApiError({
              status: 503,
              errorType: 'API_ERROR',
              errorCode: 'SERVICE_UNAVAILABLE',
              message: 'the sandbox cannot reach its database right now; nothing was changed',
              requestId: log.requestId,
              suggestedAction: 'Retry after a few seconds.',
            }),
            headers: { 'Retry-After': '2' },
          });
        } else {
          res.destroy();
        }
        return;
      }
      options.logger({
        level: 'error',
        event: 'unexpected_error',
        request_id: log.requestId ?? null,
        operation: log.operation ?? null,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
      if (!res.headersSent) {
        sendApiError(res, {
          error: createApiError({
            status: 500,
            errorType: 'API_ERROR',
            errorCode: 'INTERNAL_SERVER_ERROR',
            message: `the sandbox failed unexpectedly; the failure is logged with request_id ${log.requestId ?? '(none)'}`,
            requestId: log.requestId,
            suggestedAction: 'Retry; if it keeps failing, report the request_id.',
          }),
        });
      } else {
        res.destroy();
      }
    });
  };
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  options: ListenerOptions,
  log: { requestId?: string; operation?: string; clientId?: string },
): Promise<void> {
  const accepted = await acceptRequest(req, res, { routes: options.routes, bodyLimitBytes: options.bodyLimitBytes });
  if (!accepted) {
    return;
  }
  const { requestId, route, body, credentials } = accepted;
  log.requestId = requestId;
  log.operation = route.operationId;
  try {
    const client = await options.authenticate(credentials);
    log.clientId = client.client_id;
    const retryAfter = options.limiter.take(client.client_id);
    if (retryAfter !== undefined) {
      throw new SandboxError({
        type: 'RATE_LIMIT_EXCEEDED',
        code: 'RATE_LIMIT',
        message: `too many requests from this client; retry after ${retryAfter} s`,
        suggestedAction: 'Wait for the Retry-After seconds, then retry; spread requests out over time.',
        headers: { 'Retry-After': String(retryAfter) },
      });
    }
    const violations = options.validator.validate(route.operationId, body, req.headers);
    if (violations.length > 0) {
      sendApiError(res, { error: validationError(violations, requestId) });
      return;
    }
    const context: HandlerContext = {
      client,
      requestId,
      now: options.clock.now(),
      clock: options.clock,
      store: options.store,
      webhooksCommitted: options.webhooksCommitted,
    };
    const handler = options.handlers[route.operationId] as (body: unknown, context: HandlerContext) => Promise<object>;
    const result = await handler(body, context);
    // Nothing is answered before what it saw or changed is committed.
    await options.store.settled();
    sendJson(res, 200, { ...result, request_id: requestId });
  } catch (error) {
    if (!(error instanceof SandboxError)) {
      throw error;
    }
    await options.store.settled();
    const { init } = error;
    const entry = options.catalogue.get(init.type, init.code);
    sendApiError(res, {
      error: createApiError({
        status: entry.status,
        errorType: init.type,
        errorCode: init.code,
        message: init.message,
        requestId,
        causes: init.causes,
        displayMessage: init.displayMessage ?? null,
        // Without one from the handler, createApiError takes the catalogue's.
        suggestedAction: init.suggestedAction,
      }),
      headers: init.headers,
    });
  }
}
