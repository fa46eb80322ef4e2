/**
 * The one way an SVC API server goes on a socket: a `node:http` server with the API's answers to
 * requests Node's parser rejects, a clear error for a port in use, and a graceful stop that first
 * reports not ready (`/readyz` answers 503), waits the drain delay, then lets requests under way
 * finish.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleClientErrors, handleUnservedRequests } from '../client-errors.js';
import type { Readiness } from './readiness.js';
import type { RequestListener } from './request-core.js';

/** Options of {@link listen}. */
export interface ListenOptions {
  /** TCP port; 0 picks a free one. */
  port: number;
  /** Interface to bind, e.g. `127.0.0.1`. */
  host: string;
  /** The command-line option that sets the port, named when it is in use. Default `--port`. */
  portOption?: string;
  /** How long `stop()` waits for requests under way before closing their connections. Default 10 s. */
  drainTimeoutMs?: number;
  /** The readiness the request core answers at `/readyz`: `stop()` marks it stopping first. */
  readiness?: Readiness;
  /**
   * How long `stop()` keeps serving after reporting not ready, before it stops accepting
   * connections: long enough for a load balancer to see `/readyz` fail. Default 0.
   */
  drainDelayMs?: number;
}

/** A listening server. */
export interface ListeningServer {
  /** Base URL, e.g. `http://127.0.0.1:4020`. */
  url: string;
  host: string;
  port: number;
  server: Server;
  /**
   * Reports not ready at once, keeps serving for the drain delay, then stops accepting
   * connections, closes idle ones, waits for requests under way (up to the drain
   * timeout), then closes the rest. Resolves when the server is closed; calling it again returns
   * the same promise.
   */
  stop(): Promise<void>;
}

/** The message for a port in use: which port, and the option that chooses another. */
export function portInUseMessage(port: number, host: string, portOption = '--port'): string {
  return `port ${port} on ${host} is already in use: choose another with ${portOption} (0 picks a free one)`;
}

/** Serves `listener` on `options.host`:`options.port`; resolves once it listens. */
export async function listen(listener: RequestListener, options: ListenOptions): Promise<ListeningServer> {
  const { host, port } = options;
  let inFlight = 0;
  let drained: (() => void) | undefined;
  const server = createServer({ keepAliveTimeout: 5_000, requestTimeout: 30_000 }, (req, res) => {
    inFlight++;
    res.once('close', () => {
      inFlight--;
      if (inFlight === 0) {
        drained?.();
      }
    });
    listener(req, res);
  });
  // Requests Node's HTTP parser rejects get the API's error object too, not an empty 400.
  handleClientErrors(server);
  // So do an unknown Expect and a CONNECT, which Node answers bodyless or not at all.
  handleUnservedRequests(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new Error(portInUseMessage(port, host, options.portOption)) : error);
    });
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  let stopped: Promise<void> | undefined;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`,
    host,
    port: address.port,
    server,
    stop() {
      stopped ??= (async () => {
        options.readiness?.markStopping();
        if ((options.drainDelayMs ?? 0) > 0) {
          await new Promise<void>((resolve) => setTimeout(resolve, options.drainDelayMs));
        }
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        if (inFlight > 0) {
          await Promise.race([
            new Promise<void>((resolve) => {
              drained = resolve;
            }),
            new Promise<void>((resolve) => setTimeout(resolve, options.drainTimeoutMs ?? 10_000).unref()),
          ]);
        }
        server.closeAllConnections();
        await closed;
      })();
      return stopped;
    },
  };
}
