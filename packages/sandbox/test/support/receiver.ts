/**
 * A webhook receiver on 127.0.0.1 for tests: records every delivery (headers and raw body) and
 * answers with the statuses it is told to, in order (then 200).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One delivery as received. */
export interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A running receiver. */
export interface Receiver {
  url: string;
  deliveries: Delivery[];
  /** Resolves once `count` deliveries arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<Delivery[]>;
  close(): Promise<void>;
}

/** Starts a receiver answering `statuses` in order, then 200, on `port` (default: a free one). */
export async function startReceiver(statuses: number[] = [], port = 0): Promise<Receiver> {
  const deliveries: Delivery[] = [];
  const queue = [...statuses];
  let notify = () => {};
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      deliveries.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = queue.shift() ?? 200;
      res.end();
      notify();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}/hooks`,
    deliveries,
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`expected ${count} deliveries within ${timeoutMs} ms, got ${deliveries.length}`)),
          timeoutMs,
        );
        const check = () => {
          if (deliveries.length >= count) {
            clearTimeout(timer);
            resolve(deliveries.slice(0, count));
          }
        };
        notify = check;
        check();
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
