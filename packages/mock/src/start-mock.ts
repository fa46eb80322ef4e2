import { openapiJsonPath } from '@svc/spec';
import { freePort } from './free-port.js';
import { spawnPrism } from './prism-process.js';
import { writePrismSpec } from './prism-spec.js';

/** Options of {@link startMock}. */
export interface MockOptions {
  /** TCP port; `0` picks a free one. Default 4010. */
  port?: number;
  /** Interface to bind. Default `127.0.0.1` (loopback only). */
  host?: string;
  /** The OpenAPI document (JSON) to serve. Default: the bundled SVC spec from @svc/spec. */
  specPath?: string;
  /** Generate responses from the schemas instead of serving the static examples. */
  dynamic?: boolean;
  /** How long to wait for the server to answer, in milliseconds. Default 30000. */
  startupTimeoutMs?: number;
}

/** A running mock server. */
export interface RunningMock {
  /** Base URL to point a client at, e.g. `http://127.0.0.1:4010`. */
  url: string;
  /** Stops the server and waits until its process has exited. */
  stop(): Promise<void>;
}

/**
 * Starts the mock server and resolves once it answers HTTP requests.
 *
 * @example
 * const mock = await startMock({ port: 0 });
 * const client = createClient({ clientId, secret, baseUrl: mock.url });
 * await mock.stop();
 */
export async function startMock(options: MockOptions = {}): Promise<RunningMock> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port === 0 ? await freePort(host) : (options.port ?? 4010);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const spec = await writePrismSpec(options.specPath ?? openapiJsonPath);
  const { child, output } = spawnPrism({ host, port, specPath: spec.path, dynamic: options.dynamic ?? false });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve())).then(spec.remove);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
    }
    await exited;
  };

  const deadline = Date.now() + (options.startupTimeoutMs ?? 30_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the mock server exited during startup (code ${child.exitCode}):\n${output()}`);
    }
    try {
      await fetch(`${url}/`, { method: 'GET', signal: AbortSignal.timeout(1000) });
      return { url, stop };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await stop();
  throw new Error(`the mock server did not answer on ${url} within the startup timeout:\n${output()}`);
}
