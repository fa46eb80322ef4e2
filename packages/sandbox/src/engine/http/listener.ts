/**
 * The sandbox's request handling: the shared edges (`@svc/server-kit`: CORS, routing, body,
 * credentials), then authentication, the per-client rate limit, request validation against the
 * spec, and the operation's handler. Every outcome is written in the API's format; the request
 * core of `@svc/server-kit` logs it, with the operation and the client added here. Every answer to
 * an authenticated request is handed to the request recorder (the inspector's records) once it
 * is sent; the recorder redacts it and queues it for a batch insert.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  acceptRequest,
  bodyFacts,
  type CorsOptions,
  createApiError,
  type ErrorCatalogue,
  type RequestValidator,
  type Route,
  type RouteTable,
  requestLogFields,
  sendApiError,
  sendJson,
  sendJsonText,
  validationError,
} from '@svc/server-kit';
import { HEADER_NAMES } from '@svc/spec/headers';
import type { OperationId } from '../../generated/handlers.gen.js';
import type { Authenticator } from '../clients/authenticate.js';
import { type ClientNamespace, NAMESPACE_SEPARATOR, namespacedValuesOf } from '../clients/client-namespace.js';
import type { Clock } from '../clock.js';
import { apiErrorOf } from '../errors/api-error-of.js';
import { SandboxError } from '../errors/sandbox-error.js';
import {
  type AdminContext,
  type HandlerContext,
  type Handlers,
  isAdminOperation,
  type SandboxClient,
} from '../handler-types.js';
import type { RequestRecorder } from '../inspector/request-recorder.js';
import type { RequestDelivery } from '../inspector/tables.js';
import type { Logger } from '../logger.js';
import { clientNow } from '../schedule/client-clock.js';
import { StaleClientClockError, StaleClientError } from '../schedule/stale-clock.js';
import type { Store } from '../store/open-store.js';
import { checkAdminKey } from './admin-key.js';
import type { ClientTurns } from './client-turns.js';
import type { RateLimiter } from './rate-limit.js';
import {
  describeFault,
  type FaultDecider,
  type FaultRulesAlongside,
  faultError,
  pause,
  type RequestFault,
  slowBodyOf,
} from './request-fault.js';
import { isStoreOutage, STORE_OUTAGE_RETRY_AFTER, storeOutageError } from './store-outage.js';

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
  /** CORS settings (the allowed origins). Default: any page. */
  cors?: CorsOptions;
  webhooksCommitted(): void;
  /** Decides the fault a request gets (`SVC-Sandbox-Fault`, fault rules). Default: none. */
  decideFault?: FaultDecider;
  /** Runs the handler of a request without the fault header while its fault rules are looked up. */
  faultRulesAlongside?: FaultRulesAlongside;
  /** Keeps authenticated requests for the inspector; none: nothing is kept. */
  recorder?: RequestRecorder;
  /** Lets each client's requests do store work a few at a time (`client-turns.ts`); none: all at once. */
  turns?: ClientTurns;
  /** The key of the admin operations (`SVC-Sandbox-Admin-Key`); none: they are always refused. */
  adminKey?: string;
  /** Reads each client's requests into its namespace and its answers out of it; none: no translation. */
  namespace?: ClientNamespace;
}

/** What the error paths of a request know about it. */
interface RequestState {
  requestId?: string;
  operation?: string;
  /** Set once the request authenticated: its answer is recorded for this client. */
  clientId?: string;
  body?: unknown;
  /** `performance.now()` when the request arrived. */
  startedMs: number;
  /** The sandbox's time when the request arrived. */
  startedAt: Date;
  /** The client's test clock when the request arrived (once it authenticated). */
  clientTime?: Date;
  /** The fault given to the request, as the inspector shows it. */
  fault?: string;
  /** What the client receives; `answered` unless a fault drops the connection. */
  delivery: RequestDelivery;
  /** Answered with what its idempotency key already named. */
  replayed: boolean;
  /** The `request_id` of the request a replay repeats (null when none did: a seeded record). */
  replayOf: string | null;
}

/**
 * Hands the answer of an authenticated request to the recorder: `body` null and status 0 for a
 * request dropped before it was handled (the client received nothing); `json`, the body's JSON
 * text as answered, which the recorder keeps as it is when nothing in it is redacted.
 */
function record(options: ListenerOptions, log: RequestState, status: number, body: object | null, json?: string): void {
  if (!options.recorder || log.clientId === undefined) {
    return;
  }
  const durationMs = Math.round((performance.now() - log.startedMs) * 100) / 100;
  const errorCode = (body as { error_code?: unknown } | null)?.error_code;
  options.recorder.add({
    clientId: log.clientId,
    requestId: log.requestId ?? '',
    operation: log.operation ?? '',
    status,
    errorCode: typeof errorCode === 'string' ? errorCode : null,
    durationMs,
    startedAt: log.startedAt,
    requestBody: log.body ?? null,
    responseBody: body,
    responseJson: json,
    clientTime: log.clientTime ?? null,
    fault: log.fault ?? null,
    delivery: log.delivery,
    replayed: log.replayed,
    replayOf: log.replayOf,
  });
}

/** A `node:http` request listener for the sandbox. */
export function createSandboxListener(options: ListenerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    // The fields the request core adds to this request's log entry.
    const fields = requestLogFields(res);
    fields.operation = null;
    fields.client_id = null;
    const log: RequestState = {
      startedMs: performance.now(),
      startedAt: options.clock.now(),
      delivery: 'answered',
      replayed: false,
      replayOf: null,
    };
    handle(req, res, options, log, fields).catch((error: unknown) => {
      if (isStoreOutage(error)) {
        options.logger({
          level: 'error',
          event: 'store_unavailable',
          request_id: log.requestId ?? null,
          operation: log.operation ?? null,
          error: error instanceof Error ? error.message : String(error),
        });
        if (!res.headersSent) {
          const error = storeOutageError(log.requestId);
          sendApiError(res, { error, headers: { 'Retry-After': STORE_OUTAGE_RETRY_AFTER } });
          record(options, log, error.status, error);
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
        const error = createApiError({
          errorType: 'API_ERROR',
          errorCode: 'INTERNAL_SERVER_ERROR',
          message: `the sandbox failed unexpectedly; the failure is logged with request_id ${log.requestId ?? '(none)'}`,
          requestId: log.requestId,
          suggestedAction: 'Retry; if it keeps failing, report the request_id.',
        });
        sendApiError(res, { error });
        record(options, log, error.status, error);
      } else {
        res.destroy();
      }
    });
  };
}

/**
 * How many times a request is handled when each run finds its client's row changed meanwhile
 * (each time an advance, a reset or a restore committed in between: never reached in practice;
 * past it, the request fails).
 */
const STALE_CLOCK_ATTEMPTS = 8;

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  options: ListenerOptions,
  log: RequestState,
  fields: Record<string, unknown>,
): Promise<void> {
  const accepted = await acceptRequest(req, res, {
    routes: options.routes,
    bodyLimitBytes: options.bodyLimitBytes,
    cors: options.cors,
    takesClientCredentials: (route) => !isAdminOperation(route.operationId),
  });
  if (!accepted) {
    return;
  }
  const { requestId, route, body, credentials } = accepted;
  log.requestId = requestId;
  log.operation = route.operationId;
  fields.operation = route.operationId;
  if (!credentials) {
    await handleAdmin(req, res, options, requestId, route.operationId, body);
    return;
  }
  let fault: RequestFault | undefined;
  // The client whose namespace its answers leave: a throwaway one (`clients.throwaway`), the only
  // kind holding the canonical world in a namespace; none for every other client.
  let namespaced: string | undefined;
  // What the client sees, with its JSON text: its answer out of its namespace, walked only when
  // the text holds the namespace's suffix (the same answer for every other client).
  const answer = <T>(value: T): { body: T; json: string } => {
    const json = JSON.stringify(value);
    if (!options.namespace || namespaced === undefined || !json.includes(`${NAMESPACE_SEPARATOR}${namespaced}`)) {
      return { body: value, json };
    }
    const body = options.namespace.outbound(value, namespaced);
    return { body, json: JSON.stringify(body) };
  };
  try {
    let client = await options.authenticate(credentials);
    namespaced = client.throwaway === 1 ? client.client_id : undefined;
    fields.client_id = client.client_id;
    log.clientId = client.client_id;
    log.clientTime = clientNow(log.startedAt, client);
    log.body = body;
    let retryAfter = options.limiter.take(client.client_id);
    if (retryAfter instanceof Promise) {
      retryAfter = await retryAfter;
    }
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
      const { body: error, json } = answer(validationError(violations, requestId));
      sendJsonText(res, error.status, json, {}, bodyFacts(error));
      record(options, log, error.status, error, json);
      return;
    }
    // The handler reads the client's canonical values in their stored form (its namespace).
    const input = options.namespace
      ? options.namespace.inbound(body, client.client_id, namespacedValuesOf(client))
      : body;
    const contextAt = (held: SandboxClient): HandlerContext => {
      const baseNow = options.clock.now();
      return {
        client: held,
        requestId,
        now: clientNow(baseNow, held),
        baseNow,
        store: options.store,
        webhooksCommitted: options.webhooksCommitted,
        requireAdminKey: () => requireAdminKey(req, options),
        markReplay: (earlierRequestId) => {
          log.replayed = true;
          log.replayOf = earlierRequestId;
        },
      };
    };
    let context = contextAt(client);
    const handler = options.handlers[route.operationId] as (body: unknown, context: HandlerContext) => Promise<object>;
    const header = faultHeaderOf(req);
    // The handler run alongside the request's lookup (its fault rules only when `rules`; its
    // client's stored clock and generation always), again at the stored time when the clock moved
    // meanwhile (on another instance, or by an advance that committed since), or with the client
    // authenticated afresh when its world was reset or restored, or it was deleted, since its row
    // was read: nothing the run changed stands.
    const handledAlongside = async (rules: boolean): Promise<PromiseSettledResult<object> | undefined> => {
      for (let attempt = 1; ; attempt++) {
        try {
          const at = context;
          return await options.faultRulesAlongside?.(route.operationId, at, () => handler(input, at), { rules });
        } catch (error) {
          const stale = error instanceof StaleClientClockError || error instanceof StaleClientError;
          if (!stale || attempt === STALE_CLOCK_ATTEMPTS) {
            throw error;
          }
          if (error instanceof StaleClientError) {
            options.authenticate.forget(client.client_id);
            // A deleted client is refused here (INVALID_API_KEYS).
            client = await options.authenticate(credentials);
            context = contextAt(client);
          } else {
            options.authenticate.clockMoved(client.client_id, error.offsetMs, client.generation);
            context = contextAt({ ...client, clock_offset_ms: error.offsetMs });
          }
          log.clientTime = clientNow(log.startedAt, context.client);
        }
      }
    };
    // Store work in the client's turns; a fault's latency is waited out of them.
    const inTurn = <T>(work: () => Promise<T>): Promise<T> =>
      options.turns ? options.turns.inTurn(client.client_id, work) : work();
    const alongside = header === undefined ? await inTurn(() => handledAlongside(true)) : undefined;
    let result: object;
    if (alongside) {
      if (alongside.status === 'rejected') {
        throw alongside.reason;
      }
      result = alongside.value;
    } else {
      fault = await inTurn(async () => options.decideFault?.(route.operationId, header, context));
      if (fault) {
        log.fault = describeFault(fault);
        if (fault.drop === 'after_commit') {
          log.delivery = 'dropped_after_commit';
        }
      }
      if (fault && !(await applyFaultBefore(fault, res, options.catalogue))) {
        // Dropped before it was handled: listed with what the client got, nothing.
        log.delivery = 'dropped_before';
        record(options, log, 0, null);
        return;
      }
      // With the header, the clock is still checked; after a rule's fault, it was just now.
      const checked = header === undefined ? undefined : await inTurn(() => handledAlongside(false));
      if (checked?.status === 'rejected') {
        throw checked.reason;
      }
      result = checked ? checked.value : await inTurn(() => handler(input, context));
    }
    // Nothing is answered before what it saw or changed is committed.
    await options.store.settled();
    const { body: response, json } = answer({ ...result, request_id: requestId });
    if (fault?.drop === 'after_commit') {
      // The lost response: the change is committed, the answer never arrives (the inspector
      // still shows what it would have been).
      res.destroy();
    } else {
      sendJsonText(res, 200, json, {}, bodyFacts(response));
    }
    // Recorded once the answer is on its way: its redaction is no part of the client's wait.
    record(options, log, 200, response, json);
  } catch (error) {
    if (!(error instanceof SandboxError)) {
      throw error;
    }
    await options.store.settled();
    const { body: apiError, json } = answer(apiErrorOf(error, options.catalogue, requestId));
    if (fault?.drop === 'after_commit') {
      // The handler's refusal is lost the same way.
      res.destroy();
    } else {
      sendJsonText(res, apiError.status, json, error.init.headers, bodyFacts(apiError));
    }
    record(options, log, apiError.status, apiError, json);
  }
}

/**
 * An admin operation: the admin key (never a client's credentials), the body against the spec,
 * the handler with the sandbox's own time. Not rate-limited per client, faulted or recorded: no
 * client made it.
 */
async function handleAdmin(
  req: IncomingMessage,
  res: ServerResponse,
  options: ListenerOptions,
  requestId: string,
  operationId: OperationId,
  body: Record<string, unknown>,
): Promise<void> {
  try {
    requireAdminKey(req, options);
    const violations = options.validator.validate(operationId, body, req.headers);
    if (violations.length > 0) {
      sendApiError(res, { error: validationError(violations, requestId) });
      return;
    }
    const handler = options.handlers[operationId] as (body: unknown, context: AdminContext) => Promise<object>;
    const result = await handler(body, { requestId, now: options.clock.now(), store: options.store });
    await options.store.settled();
    sendJson(res, 200, { ...result, request_id: requestId });
  } catch (error) {
    if (!(error instanceof SandboxError)) {
      throw error;
    }
    await options.store.settled();
    sendApiError(res, { error: apiErrorOf(error, options.catalogue, requestId), headers: error.init.headers });
  }
}

/** Throws the 401 `INVALID_ADMIN_KEY` unless `req` carries the sandbox's admin key (none: admin operations are off). */
function requireAdminKey(req: IncomingMessage, options: ListenerOptions): void {
  if (options.adminKey === undefined) {
    throw new SandboxError({
      type: 'INVALID_INPUT',
      code: 'INVALID_ADMIN_KEY',
      message: 'this sandbox has no admin key: its admin operations are off',
      suggestedAction: 'Start the sandbox with an admin key (--admin-key) to use its admin operations.',
    });
  }
  checkAdminKey(req.headers, options.adminKey);
}

/** The request's `SVC-Sandbox-Fault` header, if it has one. */
function faultHeaderOf(req: IncomingMessage): string | undefined {
  const value = req.headers[HEADER_NAMES.sandboxFault.toLowerCase()];
  return Array.isArray(value) ? value.join(';') : value;
}

/**
 * Applies what `fault` does before the handler: its latency, then a dropped connection or an
 * error (thrown as the API's error); sets up a slow body. Whether the request goes on.
 */
async function applyFaultBefore(fault: RequestFault, res: ServerResponse, catalogue: ErrorCatalogue): Promise<boolean> {
  if (fault.latencyMs !== undefined) {
    await pause(fault.latencyMs);
  }
  if (fault.slowBodyMs !== undefined) {
    slowBodyOf(res, fault.slowBodyMs);
  }
  if (fault.drop === 'before') {
    res.destroy();
    return false;
  }
  if (fault.error) {
    throw faultError(fault.error, catalogue.get(fault.error.type, fault.error.code).status);
  }
  return true;
}
