/** A webhook receiver on 127.0.0.1 for tests: records every delivery and answers 200. */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One delivery as received: headers and the raw body. */
export interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A running receiver. */
export interface Receiver {
  /** The URL to register as a webhook (a free port, chosen at start). */
  url: string;
  deliveries: Delivery[];
  /** Resolves with the first `count` deliveries once they arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<Delivery[]>;
  close(): Promise<void>;
}

/** Starts a receiver on a free port of 127.0.0.1. */
export async function startReceiver(): Promise<Receiver> {
  const deliveries: Delivery[] = [];
  const listeners = new Set<() => void>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      deliveries.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.end();
      for (const listener of listeners) {
        listener();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    deliveries,
    waitFor: (count, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (deliveries.length >= count) {
            clearTimeout(timer);
            listeners.delete(check);
            resolve(deliveries.slice(0, count));
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`expected ${count} deliveries within ${timeoutMs} ms, got ${deliveries.length}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
