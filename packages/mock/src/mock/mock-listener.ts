/**
 * The mock's request handling: the shared edges (`@svc/server-kit`), then `Prefer`, then Prism's engine,
 * and every outcome written in the API's format.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  ADMIN_KEY_REFUSAL,
  acceptRequest,
  type CorsOptions,
  createApiError,
  type DecimalPlacesCheck,
  type ErrorResponse,
  type RouteTable,
  requestLogFields,
  sendApiError,
  sendJson,
  validationError,
} from '@svc/server-kit';
import type { EngineResponse, MockOperation, PrismEngine } from '../prism/prism-engine.js';
import { type PreparedAnswer, prepareAnswer, withOwnIds } from './answer-body.js';
import { parsePrefer, preferError, resolvePreferences } from './prefer.js';

/** One answered request, for an access log. */
export interface MockAccessEntry {
  method: string;
  url: string;
  status: number;
  durationMs: number;
}

/** Options of {@link createMockListener}. */
export interface MockListenerOptions {
  engine: PrismEngine;
  routes: RouteTable<MockOperation>;
  /** Serve generated responses instead of the static examples (a request may override). */
  dynamic: boolean;
  /** Largest request body accepted, in bytes. */
  bodyLimitBytes?: number;
  /** CORS settings (the allowed origins). Default: any page. */
  cors?: CorsOptions;
  /** Called once per answered request. */
  onResponse?: (entry: MockAccessEntry) => void;
  /**
   * The API's `x-decimal-places` rule, which Prism's validation does not know (default: none);
   * its violations join Prism's, worded as the sandbox words them.
   */
  decimalPlaces?: DecimalPlacesCheck;
}

/** A `node:http` request listener that answers like the API. */
export function createMockListener(options: MockListenerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  // The engine gives the same object for every request that gets a static answer: its body is
  // serialised once, and each request then only gets its own request_id.
  const prepared = new WeakMap<EngineResponse, PreparedAnswer>();
  return (req, res) => {
    if (options.onResponse) {
      const started = performance.now();
      const report = options.onResponse;
      res.once('finish', () =>
        report({
          method: req.method ?? '',
          url: req.url ?? '',
          status: res.statusCode,
          durationMs: performance.now() - started,
        }),
      );
    }
    handle(req, res, options, prepared).catch((error: unknown) => {
      sendApiError(res, internalError(`the mock failed: ${error instanceof Error ? error.message : String(error)}`));
    });
  };
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  options: MockListenerOptions,
  prepared: WeakMap<EngineResponse, PreparedAnswer>,
): Promise<void> {
  const accepted = await acceptRequest(req, res, {
    routes: options.routes,
    bodyLimitBytes: options.bodyLimitBytes,
    cors: options.cors,
    // An operation secured by the admin key takes it instead of client credentials.
    takesClientCredentials: (operation) => operation.adminKeyHeader === undefined,
  });
  if (!accepted) {
    return;
  }
  const { requestId, route: operation, body, byteLength } = accepted;
  requestLogFields(res).operation = operation.operationId;
  if (operation.adminKeyHeader !== undefined && !headerSent(req, operation.adminKeyHeader)) {
    sendApiError(res, missingAdminKey(requestId));
    return;
  }
  const preferences = parsePrefer(req.headers.prefer);
  const choice = preferences.ok
    ? resolvePreferences(preferences.value, operation.catalogue, operation.operationId, options.dynamic)
    : preferences;
  if (!choice.ok) {
    sendApiError(res, preferError(choice.problem, requestId));
    return;
  }
  const extra = options.decimalPlaces?.(operation.operationId, body) ?? [];
  const outcome = options.engine.respond(operation, { headers: req.headers, body, byteLength }, choice.value);
  // A static answer served before comes at once: no promise to wait for.
  const result = outcome instanceof Promise ? await outcome : outcome;
  if (result.kind === 'invalid' || extra.length > 0) {
    const violations = result.kind === 'invalid' ? [...result.violations, ...extra] : extra;
    sendApiError(res, { error: validationError(violations, requestId) });
    return;
  }
  switch (result.kind) {
    case 'failure':
      sendApiError(res, internalError(result.message, requestId));
      return;
    case 'response':
      if (result.static) {
        let answer = prepared.get(result);
        if (!answer) {
          answer = prepareAnswer(result.status, result.headers, result.body);
          prepared.set(result, answer);
        }
        answer(res, requestId);
      } else {
        sendJson(res, result.status, withOwnIds(result.body, requestId), result.headers);
      }
      return;
  }
}

/** Whether `req` carries a non-empty `header`. */
function headerSent(req: IncomingMessage, header: string): boolean {
  const value = req.headers[header.toLowerCase()];
  return typeof value === 'string' && value !== '';
}

/**
 * The sandbox's 401 `INVALID_ADMIN_KEY`, worded as the sandbox words it, for an admin operation
 * without its key (the mock checks that a key is sent, not its value, as for client credentials).
 */
function missingAdminKey(requestId: string): ErrorResponse {
  return {
    error: createApiError({
      errorType: 'INVALID_INPUT',
      errorCode: 'INVALID_ADMIN_KEY',
      message: ADMIN_KEY_REFUSAL.message,
      suggestedAction: ADMIN_KEY_REFUSAL.suggestedAction,
      requestId,
    }),
  };
}

/** The API's `API_ERROR` / `INTERNAL_SERVER_ERROR` (its status from the catalogue) for a failure of the mock itself. */
function internalError(message: string, requestId?: string): ErrorResponse {
  return { error: createApiError({ errorType: 'API_ERROR', errorCode: 'INTERNAL_SERVER_ERROR', message, requestId }) };
}
