/**
 * The transport against Node's real fetch (undici) and a real HTTP server on 127.0.0.1: the
 * error codes the retry policy relies on are the ones undici really gives.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient, SvcNetworkError, SvcTimeoutError } from '../src/index.js';

const credentials = { clientId: '62b4f1c9a7d3e5001a2b3c4d', secret: '7d3c1f0e9b8a4c2d6e5f4a3b2c1d0e' };
const payment = {
  recipient_id: 'recipient-id-sandbox-9b6b4679-914b-445b-9450-efbdb80296f6',
  reference: 'Invoice1234',
  amount: { currency: 'GBP' as const, value: 12.5 },
};
let server: Server | undefined;

/** Starts a server on 127.0.0.1 at a free port; resolves to its base URL. */
async function serve(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<string> {
  server = createServer(handler);
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A base URL where nothing listens (a port that was just freed). */
async function closedPort(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** globalThis.fetch, counting the calls. */
function countingFetch() {
  const counter = { calls: 0 };
  const fetch = (request: Request) => {
    counter.calls++;
    return globalThis.fetch(request);
  };
  return { fetch, counter };
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

describe('with the real fetch', () => {
  it('sends the credentials headers and reads the JSON body', async () => {
    const seen: IncomingMessage[] = [];
    const baseUrl = await serve((request, response) => {
      seen.push(request);
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"request_id":"r","transfer":{"id":"t"}}');
    });
    const client = createClient({ ...credentials, baseUrl });
    expect(await client.transferGet({ transfer_id: 't' })).toEqual({ request_id: 'r', transfer: { id: 't' } });
    expect(seen[0]?.headers['svc-secret']).toBe(credentials.secret);
  });

  it('times out a server that never answers, and aborts the request', async () => {
    let closed = false;
    const baseUrl = await serve((request) => {
      request.on('close', () => {
        closed = true;
      });
    });
    const client = createClient({ ...credentials, baseUrl, timeoutMs: 200, maxRetries: 0 });
    await expect(client.transferGet({ transfer_id: 't' })).rejects.toBeInstanceOf(SvcTimeoutError);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(true);
  });

  it('retries a money-moving request when the connection is refused (ECONNREFUSED)', async () => {
    const { fetch, counter } = countingFetch();
    const client = createClient({ ...credentials, baseUrl: await closedPort(), fetch, maxRetries: 1 });
    const error = await client.paymentInitiationPaymentCreate(payment).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(SvcNetworkError);
    expect(error).toMatchObject({ code: 'ECONNREFUSED', attempts: 2 });
    expect(counter.calls).toBe(2);
  });

  it('does not retry a money-moving request whose connection broke after it was sent', async () => {
    let received = 0;
    const baseUrl = await serve((request) => {
      received++;
      request.socket.destroy();
    });
    const client = createClient({ ...credentials, baseUrl, maxRetries: 2 });
    const error = await client.paymentInitiationPaymentCreate(payment).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(SvcNetworkError);
    expect(received).toBe(1);
  });

  it('retries a read whose connection broke', async () => {
    let received = 0;
    const baseUrl = await serve((request, response) => {
      received++;
      if (received === 1) {
        request.socket.destroy();
      } else {
        response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"request_id":"r","transfer":{}}');
      }
    });
    const client = createClient({ ...credentials, baseUrl, maxRetries: 1 });
    expect(await client.transferGet({ transfer_id: 't' })).toEqual({ request_id: 'r', transfer: {} });
    expect(received).toBe(2);
  });
});
