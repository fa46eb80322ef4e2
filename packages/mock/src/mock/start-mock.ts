import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRouteTable, DEFAULT_BODY_LIMIT_BYTES, handleClientErrors } from '@svc/server-kit';
import { openapiJsonPath } from '@svc/spec';
import { prismEngineOf } from '../prism/prism-engine.js';
import { loadPrismHttp } from '../prism/prism-http.js';
import { engineInputOf } from '../prism/prism-operations.js';
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
  /** Called once per answered request (the CLI prints an access log with it). */
  onResponse?: (entry: MockAccessEntry) => void;
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
  /** Stops accepting connections, closes open ones, and resolves when the server is closed. */
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
  const { operations, checkedStatic } = await engineInputOf(await readFile(specPath, 'utf8'));
  performance.mark('svc-mock:operations-read');
  const engine = prismEngineOf(operations, checkedStatic);
  const routes = createRouteTable(engine.operations);
  performance.mark('svc-mock:engine-ready');
  const server = createServer(
    { keepAliveTimeout: 5_000, requestTimeout: 30_000 },
    createMockListener({
      engine,
      routes,
      dynamic: options.dynamic ?? false,
      bodyLimitBytes: options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES,
      onResponse: options.onResponse,
    }),
  );
  // Requests Node's HTTP parser rejects get the API's error object too, not an empty 400.
  handleClientErrors(server);
  const port = options.port ?? 4010;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`port ${port} on ${host} is already in use: choose another with --port (0 picks a free one)`)
          : error,
      );
    });
    server.listen(port, host, () => resolve());
  });
  performance.mark('svc-mock:listening');
  const address = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  let stopped: Promise<void> | undefined;
  return {
    url,
    host,
    port: address.port,
    specPath,
    operationCount: engine.operations.length,
    prismHttpVersion: engine.version,
    stop() {
      stopped ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return stopped;
    },
  };
}
