/**
 * Starts the sandbox in this process: opens and migrates the store (seeding the canonical world
 * into an empty one), compiles request validation from the bundled spec, starts the webhook
 * deliverer, the pruner (`engine/store/retention.ts`) and the request recorder of the inspector,
 * and listens through `@svc/server-kit`'s `listen()` behind its request core (`/healthz`,
 * `/readyz`, `/openapi.json`, `/openapi.yaml`, the request log); `/inspector` goes to the
 * inspector, every other path to the API. `stop()` is graceful: `/readyz` answers 503 at once,
 * requests are still served for the drain delay, then no new connections, in-flight requests
 * finish, the recorder stores what it holds, the pruner its batch, the deliverer its attempts,
 * then the store closes.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  type AllowedOrigins,
  createRequestCore,
  createRequestValidator,
  createRouteTable,
  DEFAULT_BODY_LIMIT_BYTES,
  defaultAllowedHosts,
  errorCatalogue,
  type InjectedRequest,
  type InjectedResponse,
  inject,
  type ListeningServer,
  LOCAL_ORIGINS,
  listen,
  STAND_IN_CORS_ALLOWED_HEADERS,
} from '@svc/server-kit';
import { openapiDereferencedJsonPath, openapiJsonPath, openapiYamlPath } from '@svc/spec';
import { SANDBOX_NAMESPACE } from './canonical-values.js';
import { createAuthenticator } from './engine/clients/authenticate.js';
import { type Clock, createStartedClock, parseStartTime, systemClock } from './engine/clock.js';
import { CLIENT_LIMITS } from './engine/errors/client-limits.js';
import type { Handlers } from './engine/handler-types.js';
import { newAdminKey } from './engine/http/admin-key.js';
import { createClientTurns } from './engine/http/client-turns.js';
import { createSandboxListener, type SandboxRoute } from './engine/http/listener.js';
import {
  createRateLimiter,
  DEFAULT_RATE_LIMIT,
  type RateLimit,
  type RateLimitScope,
} from './engine/http/rate-limit.js';
import { sandboxReadiness } from './engine/http/readiness.js';
import { createSharedRateLimiter } from './engine/http/shared-rate-limit.js';
import { type RequestRecorder, startRequestRecorder } from './engine/inspector/request-recorder.js';
import { type RequestRecordLimits, requestRecordsRetention } from './engine/inspector/retention.js';
import { jsonLineLogger, type Logger } from './engine/logger.js';
import { createDueWorkRunner } from './engine/schedule/due-work.js';
import { openStore, type Store, type StoreLocation } from './engine/store/open-store.js';
import { engineRetentionSteps, type Pruner, type RetentionPolicy, startPruner } from './engine/store/retention.js';
import { type DeliveryPolicy, startDeliverer } from './engine/webhooks/deliverer.js';
import { transactionsDayPerformer } from './features/account-data/index.js';
import { clockPanel } from './features/clock/index.js';
import { createFaultDecider, createFaultRulesAlongside, faultRulesPanel } from './features/faults/index.js';
import { createInspector, INSPECTOR_PATH, isInspectorPath } from './features/inspector/index.js';
import { loadInstitutions } from './features/institutions/index.js';
import { refundExecutionPerformer } from './features/payments/index.js';
import type { ClientAdministration } from './features/sandbox-admin/index.js';
import { unusedAuthorizationsRetention } from './features/transfers/index.js';
import { type OperationId, operationPaths } from './generated/handlers.gen.js';
import { createHandlers } from './handlers.js';
import { resetStore } from './reset.js';
import { seedIfEmpty } from './seed.js';
import { createThrowawayClient, deleteClient, PERMANENT_CLIENT_IDS, resetClient } from './throwaway-clients.js';

/** Options of {@link startSandbox}. */
export interface SandboxOptions {
  /** TCP port; 0 picks a free one. Default 4020. */
  port?: number;
  /** Interface to bind. Default 127.0.0.1 (this machine only). */
  host?: string;
  /** Where the data lives. Default: SQLite in `.svc-sandbox/` of the working directory. */
  store?: StoreLocation;
  /**
   * Delete all sandbox data first, then seed the canonical world again ({@link resetStore}):
   * clients added with `svc-sandbox clients add` or `/sandbox/client/create` are kept, with their
   * credentials (throwaway clients with their canonical world).
   */
  reset?: boolean;
  /** Per-client request limit; `null` for none. Default 1000 per second. */
  rateLimit?: RateLimit | null;
  /**
   * `instance` (default): each instance limits on its own (a token bucket). `shared`: every
   * instance on the same database draws a client's requests from one budget per window
   * (`engine/http/shared-rate-limit.ts`).
   */
  rateLimitScope?: RateLimitScope;
  /** Source of time. Default: the machine's clock (or {@link SandboxOptions.startTime}). */
  clock?: Clock;
  /**
   * The sandbox's time when it starts (`--start-time`); from there it runs at the machine's pace.
   * Test suites pin it (for example to {@link EXAMPLES_TIME}) so that the sandbox answers the same
   * on any day they run. A `Date`, or text as `parseStartTime` reads it. Not with `clock`.
   */
  startTime?: Date | string;
  /** Where log lines go. Default: JSON lines on stdout. */
  logger?: Logger;
  /**
   * Whether each response gets a `request` log line. Default true; `false` (`--quiet`) skips the
   * line and the work of building it; every other entry still goes to `logger`.
   */
  logRequests?: boolean;
  /** Webhook delivery settings. */
  delivery?: Partial<DeliveryPolicy>;
  /**
   * Pruning of records no client can read any more (finished webhooks and their attempts,
   * authorizations never used: after 24 hours by default; expired idempotency keys); `null`
   * for none. Expired idempotency keys are treated as new either way.
   */
  retention?: Partial<RetentionPolicy> | null;
  /** Largest request body, in bytes. Default 1 MiB. */
  bodyLimitBytes?: number;
  /**
   * How long `stop()` keeps serving after `/readyz` starts answering 503, in milliseconds, so that
   * a load balancer stops sending first. Default 0 (local use).
   */
  drainDelayMs?: number;
  /** Replaces handlers (tests of the server itself). */
  handlers?: Partial<Handlers>;
  /**
   * The key of the admin operations (`/sandbox/client/create`, `/sandbox/client/delete`), sent as
   * the `SVC-Sandbox-Admin-Key` header (`--admin-key`, `SVC_SANDBOX_ADMIN_KEY`). Default: a new
   * random key, in {@link RunningSandbox.adminKey} (the CLI prints it in its start banner).
   */
  adminKey?: string;
  /** The command-line option that sets the port, named when the port is in use. Default `--port`. */
  portOption?: string;
  /**
   * Web pages that may call the sandbox from a browser; a request from any other `Origin` is
   * refused. Default {@link LOCAL_ORIGINS}: a frontend on `localhost`, `127.0.0.1` or `[::1]`, any
   * port, and a page opened from a file (`Origin: null`). `'*'` allows every page (then any site its user visits can use the default credentials).
   */
  allowedOrigins?: AllowedOrigins;
  /**
   * More `Host` names to answer. Bound to a loopback interface, the sandbox answers only
   * `localhost`, `127.0.0.1`, `[::1]` and its host (against DNS rebinding); bound elsewhere, any
   * name unless some are given; `'*'` answers any name.
   */
  allowedHosts?: readonly string[] | '*';
  /**
   * What the inspector (`/inspector`) keeps of each client's requests: the newest `maxPerClient`
   * (default 1000) no older than `maxAgeMs` (default 1 hour), pruned with the other records (so
   * not when `retention` is `null`), and at most `maxBytesPerClient` characters of bodies per
   * client (default 8 MiB, kept on each write). `null`: no request is recorded (the page still shows
   * webhooks, events and Items).
   */
  requestRecords?: Partial<RequestRecordLimits> | null;
}

/** A running sandbox. */
export interface RunningSandbox {
  /** Base URL, e.g. `http://127.0.0.1:4020`. */
  url: string;
  /** The inspector's page, e.g. `http://127.0.0.1:4020/inspector`. */
  inspectorUrl: string;
  host: string;
  port: number;
  store: Store;
  /** Identifies this instance in webhook leases and logs. */
  instanceId: string;
  /** Prunes what is due now and resolves with the records deleted per kind (nothing when retention is off). */
  prune(): Promise<Record<string, number>>;
  /** Stores the request records waiting in memory now (tests; they are stored within 200 ms anyway). */
  flushRequestRecords(): Promise<void>;
  /** Request records dropped since start because the store was slower than the load. */
  readonly droppedRequestRecords: number;
  /** Number of operations served. */
  operationCount: number;
  /** Calls the sandbox in-process, with no socket (the same handling as over HTTP). */
  inject(request: InjectedRequest): Promise<InjectedResponse>;
  /**
   * With `reset` at start: the clients added with `svc-sandbox clients add` the reset kept;
   * otherwise undefined.
   */
  readonly addedClientsKept: number | undefined;
  /**
   * Deletes every row and seeds the canonical world again (tests: a fresh store per case); added
   * clients stay, with their credentials, and throwaway clients (`/sandbox/client/create`) get
   * their canonical world again.
   */
  reset(): Promise<void>;
  /** The key of the admin operations (given, or made at start). */
  readonly adminKey: string;
  /** Graceful stop; resolves when everything is closed. */
  stop(): Promise<void>;
}

/** The default data directory, relative to the working directory. */
export const DEFAULT_DATA_DIR = '.svc-sandbox';

/**
 * The time the spec's examples describe (their `created`, `date` and `last_status_update`
 * values are the days before it; their future dates, such as a standing order's `start_date`,
 * come after it). This repository's test suites start the servers at it
 * (`startTime: EXAMPLES_TIME`, `svc-sandbox --start-time 2026-11-20T14:00:00Z`), so that they
 * give the same answers on any day they run.
 */
export const EXAMPLES_TIME = '2026-11-20T14:00:00Z';

/**
 * The last time the spec's examples are promised to hold as written: their future dates (a
 * standing order's `start_date`) are still ahead of it, so every sample of the docs runs on a
 * sandbox of the day. Tests run the date-sensitive cases and the samples at it; the spec's lint
 * warns a year before any example date is reached.
 */
export const EXAMPLES_HOLD_UNTIL = '2030-12-31T12:00:00Z';

/** The clock `options` ask for: `clock`, a clock started at `startTime`, or the machine's. */
function sandboxClock(options: SandboxOptions): Clock {
  if (options.startTime === undefined) {
    return options.clock ?? systemClock;
  }
  if (options.clock) {
    throw new Error('startSandbox takes a clock or a startTime, not both');
  }
  const start =
    typeof options.startTime === 'string' ? parseStartTime(options.startTime, 'startTime') : options.startTime;
  return createStartedClock(start);
}

/** Starts the sandbox and resolves once it listens. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const host = options.host ?? '127.0.0.1';
  const clock = sandboxClock(options);
  const logger = options.logger ?? jsonLineLogger();
  // The dereferenced twin lets Ajv see each schema inline, as Prism does, so both word their
  // errors identically (for example the order of the duplicate items of `uniqueItems`). The error
  // catalogue is generated into @svc/server-kit from the same spec.
  const document = JSON.parse(await readFile(openapiDereferencedJsonPath, 'utf8')) as Record<string, unknown>;
  const validator = createRequestValidator(document);
  // What GET /openapi.json and /openapi.yaml answer: the bundled document the sandbox implements.
  const openapi = { json: await readFile(openapiJsonPath, 'utf8'), yaml: await readFile(openapiYamlPath, 'utf8') };
  const routes = createRouteTable<SandboxRoute>(
    (Object.entries(operationPaths) as [OperationId, string][]).map(([operationId, path]) => ({
      operationId,
      path,
      method: 'POST',
    })),
  );
  const store = await openStore(options.store ?? { kind: 'sqlite', dataDir: DEFAULT_DATA_DIR }, {
    onWarning: (message) => logger({ level: 'warn', event: 'store_warning', message }),
  });
  const instanceId = `sandbox-${randomBytes(4).toString('hex')}`;
  let addedClientsKept: number | undefined;
  try {
    if (options.reset) {
      addedClientsKept = (await resetStore(store, clock.now())).addedClientsKept;
    } else {
      await seedIfEmpty(store, clock.now());
    }
    // The institutions never change: read once here, so no request waits for them (a create
    // reads them, and its round trips stay within the budget from the first request on).
    await loadInstitutions(store);
  } catch (error) {
    await store.close();
    throw error;
  }
  const deliverer = startDeliverer({ store, clock, logger, instanceId, policy: options.delivery });
  const recorder: RequestRecorder | undefined =
    options.requestRecords === null
      ? undefined
      : startRequestRecorder(store, logger, { maxBytesPerClient: options.requestRecords?.maxBytesPerClient });
  const pruner: Pruner | undefined =
    options.retention === null
      ? undefined
      : startPruner({
          store,
          clock,
          logger,
          steps: [
            ...engineRetentionSteps,
            unusedAuthorizationsRetention,
            ...(recorder ? [requestRecordsRetention(options.requestRecords ?? {})] : []),
          ],
          policy: options.retention,
        });
  const rateLimit = options.rateLimit === null ? undefined : (options.rateLimit ?? DEFAULT_RATE_LIMIT);
  const limiter =
    rateLimit && options.rateLimitScope === 'shared'
      ? createSharedRateLimiter(rateLimit, clock, store, {
          onWarning: (message) => logger({ level: 'warn', event: 'rate_limit_warning', message }),
        })
      : createRateLimiter(rateLimit, clock);
  const authenticate = createAuthenticator(store);
  const adminKey = options.adminKey ?? newAdminKey();
  if (adminKey === '') {
    throw new Error('the admin key must not be empty');
  }
  const namespace = SANDBOX_NAMESPACE;
  const clients: ClientAdministration = {
    create: (name, now) => createThrowawayClient(store, namespace, name, now),
    delete: (clientId) => deleteClient(store, clientId),
    reset: (clientId, now) => resetClient(store, namespace, clientId, now),
    isShared: (clientId) => PERMANENT_CLIENT_IDS.has(clientId),
    forget: (clientId) => authenticate.forget(clientId),
  };
  // What falls due on clients' test clocks, performed by /sandbox/clock/advance.
  const dueWork = createDueWorkRunner(store, [refundExecutionPerformer, transactionsDayPerformer]);
  const allowedOrigins = options.allowedOrigins ?? LOCAL_ORIGINS;
  const readiness = sandboxReadiness(store);
  const inspector = await createInspector({
    store,
    authenticate,
    catalogue: errorCatalogue,
    clock,
    panels: [clockPanel, faultRulesPanel],
    namespace,
  });
  const api = createSandboxListener({
    routes,
    validator,
    catalogue: errorCatalogue,
    handlers: {
      ...createHandlers({
        clock: {
          dueWork,
          clientClockMoved: (clientId, offsetMs, generation) => authenticate.clockMoved(clientId, offsetMs, generation),
        },
        clients,
      }),
      ...options.handlers,
    } as Handlers,
    store,
    authenticate,
    adminKey,
    namespace,
    clock,
    limiter,
    logger,
    bodyLimitBytes: options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES,
    cors: { allowedOrigins, allowedHeaders: STAND_IN_CORS_ALLOWED_HEADERS },
    webhooksCommitted: () => deliverer.wake(),
    decideFault: createFaultDecider(errorCatalogue),
    // PostgreSQL only: on SQLite the rules come from the read cache before the handler.
    faultRulesAlongside: createFaultRulesAlongside(),
    recorder,
    turns: createClientTurns(CLIENT_LIMITS.requestsAtOnce),
  });
  const listener = createRequestCore({
    service: 'svc-sandbox',
    readiness,
    access: {
      allowedOrigins,
      allowedHosts: options.allowedHosts === '*' ? undefined : defaultAllowedHosts(host, options.allowedHosts),
    },
    openapi,
    logger: options.logRequests === false ? undefined : logger,
    handle: (req, res) => (isInspectorPath(req.url ?? '/') ? inspector(req, res) : api(req, res)),
  });
  let server: ListeningServer;
  try {
    server = await listen(listener, {
      port: options.port ?? 4020,
      host,
      portOption: options.portOption,
      readiness,
      drainDelayMs: options.drainDelayMs,
    });
  } catch (error) {
    await recorder?.stop();
    await pruner?.stop();
    await deliverer.stop();
    await store.close();
    throw error;
  }
  let stopped: Promise<void> | undefined;
  return {
    url: server.url,
    inspectorUrl: `${server.url}${INSPECTOR_PATH}`,
    flushRequestRecords: async () => recorder?.flush(),
    get droppedRequestRecords() {
      return recorder?.dropped ?? 0;
    },
    host,
    port: server.port,
    store,
    instanceId,
    prune: async () => (pruner ? pruner.runOnce() : {}),
    operationCount: routes.routes.length,
    addedClientsKept,
    adminKey,
    inject: (request) => inject(listener, request),
    async reset() {
      // Records of requests before the reset are stored first, so the reset deletes them too.
      await recorder?.flush();
      await resetStore(store, clock.now());
      authenticate.clear();
    },
    stop() {
      stopped ??= (async () => {
        await server.stop();
        await recorder?.stop();
        await pruner?.stop();
        await deliverer.stop();
        await store.close();
      })();
      return stopped;
    },
  };
}
