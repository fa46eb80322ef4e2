/**
 * The mock's request handling: the shared edges (`@svc/server-kit`), then `Prefer`, then Prism's engine,
 * and every outcome written in the API's format.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  acceptRequest,
  type CorsOptions,
  createApiError,
  type DecimalPlacesCheck,
  type ErrorResponse,
  type ErrorType,
  errorDocumentationUrl,
  type RouteTable,
  requestLogFields,
  sendApiError,
  sendJson,
  validationError,
} from '@svc/server-kit';
import type { MockOperation, PrismEngine } from '../prism/prism-engine.js';
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
  return (req, res) => {
    const started = performance.now();
    if (options.onResponse) {
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
    handle(req, res, options).catch((error: unknown) => {
      sendApiError(res, internalError(`the mock failed: ${error instanceof Error ? error.message : String(error)}`));
    });
  };
}

async function handle(req: IncomingMessage, res: ServerResponse, options: MockListenerOptions): Promise<void> {
  const accepted = await acceptRequest(req, res, {
    routes: options.routes,
    bodyLimitBytes: options.bodyLimitBytes,
    cors: options.cors,
  });
  if (!accepted) {
    return;
  }
  const { requestId, route: operation, body, byteLength } = accepted;
  requestLogFields(res).operation = operation.operationId;
  const preferences = parsePrefer(req.headers.prefer);
  const choice = preferences.ok
    ? resolvePreferences(preferences.value, operation.catalogue, operation.operationId, options.dynamic)
    : preferences;
  if (!choice.ok) {
    sendApiError(res, preferError(choice.problem, requestId));
    return;
  }
  const extra = options.decimalPlaces?.(operation.operationId, body) ?? [];
  const result = await options.engine.respond(operation, { headers: req.headers, body, byteLength }, choice.value);
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
      sendJson(res, result.status, withOwnIds(result.body, requestId), result.headers);
      return;
  }
}

/** The API's `API_ERROR` / `INTERNAL_SERVER_ERROR` (its status from the catalogue) for a failure of the mock itself. */
function internalError(message: string, requestId?: string): ErrorResponse {
  return { error: createApiError({ errorType: 'API_ERROR', errorCode: 'INTERNAL_SERVER_ERROR', message, requestId }) };
}

/**
 * The spec's examples all carry the same `request_id`; the mock answers each request with its
 * own, as the API does, so a log or a support request can tell two responses apart. An error
 * example's `documentation_url` follows the server's docs setting (`--docs-url`), as the mock's
 * own errors do.
 */
function withOwnIds(body: unknown, requestId: string): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('request_id' in body)) {
    return body;
  }
  const own: Record<string, unknown> = { ...body, request_id: requestId };
  if (typeof own.documentation_url === 'string' && typeof own.error_type === 'string') {
    own.documentation_url = errorDocumentationUrl(own.error_type as ErrorType, String(own.error_code ?? ''));
  }
  return own;
}
