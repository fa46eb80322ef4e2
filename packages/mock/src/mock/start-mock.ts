import { readFile } from 'node:fs/promises';
import {
  type AllowedOrigins,
  createDecimalPlacesCheck,
  createReadiness,
  createRequestCore,
  createRequestValidator,
  createRouteTable,
  DEFAULT_BODY_LIMIT_BYTES,
  defaultAllowedHosts,
  type InjectedRequest,
  type InjectedResponse,
  inject,
  type Logger,
  listen,
  type RequestValidator,
  STAND_IN_CORS_ALLOWED_HEADERS,
} from '@svc/server-kit';
import { openapiDereferencedJsonPath, openapiJsonPath, openapiYamlPath } from '@svc/spec';
import { prismEngineOf } from '../prism/prism-engine.js';
import { loadPrismHttp } from '../prism/prism-http.js';
import { engineInputOf } from '../prism/prism-operations.js';
import { requestDocumentOf } from '../prism/request-document.js';
import { createMockListener, type MockAccessEntry } from './mock-listener.js';

/** Options of {@link startMock}. */
export interface MockOptions {
  /** TCP port; `0` lets the OS pick a free one. Default 4010. */
  port?: number;
  /** Interface to bind. Default `127.0.0.1` (loopback only). */
  host?: string;
  /** The OpenAPI document (JSON) to serve. Default: the bundled SVC spec from @svc/spec. */
  specPath?: string;
  /** Generate responses from the schemas instead of serving the static examples. Default false. */
  dynamic?: boolean;
  /** Largest request body accepted, in bytes (413 `BODY_TOO_LARGE` above). Default 1 MiB. */
  bodyLimitBytes?: number;
  /** Called once per answered request. */
  onResponse?: (entry: MockAccessEntry) => void;
  /** Receives one `request` entry per response (with `error_code` on a 4xx or 5xx). Default: none. */
  logger?: Logger;
  /** The command-line option that sets the port, named when the port is in use. Default `--port`. */
  portOption?: string;
  /**
   * Web pages that may call the mock. Default `'*'`: any page, so a frontend on any origin can use
   * it (the mock holds no data and checks no credentials).
   */
  allowedOrigins?: AllowedOrigins;
  /**
   * More `Host` names to answer. Bound to a loopback interface, the mock answers only `localhost`,
   * `127.0.0.1`, `[::1]` and its host (against DNS rebinding); bound elsewhere, any name unless
   * some are given; `'*'` answers any name.
   */
  allowedHosts?: readonly string[] | '*';
  /**
   * How long `stop()` keeps serving after `/readyz` starts answering 503, in milliseconds, so that
   * a load balancer stops sending first. Default 0.
   */
  drainDelayMs?: number;
}

/** A running mock server. */
export interface RunningMock {
  /** Base URL to point a client at, e.g. `http://127.0.0.1:4010`. */
  url: string;
  host: string;
  port: number;
  /** The document served. */
  specPath: string;
  /** Number of operations served. */
  operationCount: number;
  /** Version of Prism's HTTP engine (@stoplight/prism-http). */
  prismHttpVersion: string;
  /** Calls the mock in-process, with no socket (the same handling as over HTTP). */
  inject(request: InjectedRequest): Promise<InjectedResponse>;
  /** Stops accepting connections, lets requests under way finish, and resolves when the server is closed. */
  stop(): Promise<void>;
}

/**
 * Starts the mock in this process and resolves once it listens. Its start-up phases leave
 * performance marks (`svc-mock:start`, `prism-loaded`, `operations-read`, `engine-ready`,
 * `listening`), which `scripts/bench-startup.mjs` reads.
 *
 * @example
 * const mock = await startMock({ port: 0 });
 * const client = createClient({ clientId, secret, baseUrl: mock.url });
 * await mock.stop();
 */
export async function startMock(options: MockOptions = {}): Promise<RunningMock> {
  performance.mark('svc-mock:start');
  const host = options.host ?? '127.0.0.1';
  const specPath = options.specPath ?? openapiJsonPath;
  loadPrismHttp();
  performance.mark('svc-mock:prism-loaded');
  const specText = await readFile(specPath, 'utf8');
  const { operations, checkedStatic } = await engineInputOf(specText);
  performance.mark('svc-mock:operations-read');
  const validator = specPath === openapiJsonPath ? await bundledSpecValidator() : undefined;
  const engine = prismEngineOf(operations, checkedStatic, { validator });
  const routes = createRouteTable(engine.operations);
  performance.mark('svc-mock:engine-ready');
  const allowedOrigins = options.allowedOrigins ?? '*';
  // No dependency to wait for: ready once listening, not ready from the start of a stop.
  const readiness = createReadiness();
  const listener = createRequestCore({
    service: 'svc-mock',
    readiness,
    access: {
      allowedOrigins,
      allowedHosts: options.allowedHosts === '*' ? undefined : defaultAllowedHosts(host, options.allowedHosts),
    },
    // A JSON document is also a YAML document: another spec than the bundled one is served as it is.
    openapi: {
      json: specText,
      yaml: specPath === openapiJsonPath ? await readFile(openapiYamlPath, 'utf8') : specText,
    },
    logger: options.logger,
    handle: createMockListener({
      engine,
      routes,
      dynamic: options.dynamic ?? false,
      bodyLimitBytes: options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES,
      cors: { allowedOrigins, allowedHeaders: STAND_IN_CORS_ALLOWED_HEADERS },
      onResponse: options.onResponse,
      // The mock's own validator knows `x-decimal-places`; Prism's does not.
      decimalPlaces: validator ? undefined : createDecimalPlacesCheck(JSON.parse(specText)),
    }),
  });
  const server = await listen(listener, {
    port: options.port ?? 4010,
    host,
    portOption: options.portOption,
    readiness,
    drainDelayMs: options.drainDelayMs,
  });
  performance.mark('svc-mock:listening');
  return {
    url: server.url,
    host,
    port: server.port,
    specPath,
    operationCount: engine.operations.length,
    prismHttpVersion: engine.version,
    inject: (request) => inject(listener, request),
    stop: () => server.stop(),
  };
}

/**
 * The mock's own request validator of the bundled spec (`@svc/server-kit`, as the sandbox's): it
 * reads the dereferenced twin of the spec, which lets Ajv word each finding exactly as Prism's
 * validator does, and keeps its request part. Each operation's schemas compile at its first
 * request, as Prism's did. Another document is validated by Prism, request by request.
 */
async function bundledSpecValidator(): Promise<RequestValidator> {
  const document = JSON.parse(await readFile(openapiDereferencedJsonPath, 'utf8')) as Record<string, unknown>;
  return createRequestValidator(requestDocumentOf(document), { compileOnFirstUse: true });
}
