/**
 * `client.use()`: openapi-fetch middleware, written against openapi-fetch's own `Middleware` type,
 * runs on every call of the client (named methods, paginators and `POST`), on every attempt.
 */
import type { Middleware } from 'openapi-fetch';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, SvcNetworkError } from '../src/index.js';
import { apiErrorBody, fetchFailed, json, scriptedFetch, settle } from './helpers/fake-fetch.js';
import { traceCalls } from './readme-examples/middleware.js';

const credentials = { clientId: '62b4f1c9a7d3e5001a2b3c4d', secret: '7d3c1f0e9b8a4c2d6e5f4a3b2c1d0e' };
const baseUrl = 'http://127.0.0.1:1';
const ok = () => json(200, { transfer: { id: 't1' }, request_id: 'r' });

afterEach(() => {
  vi.useRealTimers();
});

describe('client.use (openapi-fetch middleware)', () => {
  it('runs onRequest and onResponse on named methods and POST, after the credentials are set', async () => {
    const { fetch, requests } = scriptedFetch(ok());
    const client = createClient({ ...credentials, baseUrl, fetch });
    const seen: string[] = [];
    const tracing: Middleware = {
      onRequest({ request, schemaPath }) {
        seen.push(`request ${schemaPath} ${request.headers.get('SVC-CLIENT-ID')}`);
        request.headers.set('X-Trace-Id', 'trace-1');
      },
      onResponse({ response, schemaPath }) {
        seen.push(`response ${schemaPath} ${response.status}`);
      },
    };
    client.use(tracing);
    await client.transferGet({ transfer_id: 't1' });
    await client.POST('/transfer/get', { body: { transfer_id: 't1' } });
    expect(seen).toEqual([
      `request /transfer/get ${credentials.clientId}`,
      'response /transfer/get 200',
      `request /transfer/get ${credentials.clientId}`,
      'response /transfer/get 200',
    ]);
    expect(requests.map((request) => request.headers.get('X-Trace-Id'))).toEqual(['trace-1', 'trace-1']);

    client.eject(tracing);
    await client.transferGet({ transfer_id: 't1' });
    expect(requests[2]?.headers.get('X-Trace-Id')).toBeNull();
    expect(seen).toHaveLength(4);
  });

  it('lets onResponse replace the response the client reads', async () => {
    const { fetch } = scriptedFetch(ok());
    const client = createClient({ ...credentials, baseUrl, fetch, maxRetries: 0 });
    client.use({
      onResponse: () => json(400, apiErrorBody(400, 'INVALID_REQUEST', 'MISSING_FIELDS')),
    });
    await expect(client.transferGet({ transfer_id: 't1' })).rejects.toMatchObject({
      kind: 'api',
      error_code: 'MISSING_FIELDS',
    });
  });

  it('lets onRequest answer without calling the server', async () => {
    const { fetch, requests } = scriptedFetch(ok());
    const client = createClient({ ...credentials, baseUrl, fetch });
    client.use({ onRequest: () => json(200, { transfer: { id: 'cached' }, request_id: 'c' }) });
    expect(await client.transferGet({ transfer_id: 't1' })).toEqual({ transfer: { id: 'cached' }, request_id: 'c' });
    expect(requests).toHaveLength(0);
  });

  it('runs on every attempt of a retried call; onError sees each failure before the retry', async () => {
    const { fetch, requests } = scriptedFetch(
      fetchFailed('ECONNRESET'),
      json(503, apiErrorBody(503, 'API_ERROR', 'X')),
      ok(),
    );
    const client = createClient({ ...credentials, baseUrl, fetch, maxRetries: 2 });
    const seen: string[] = [];
    client.use({
      onRequest: ({ id }) => {
        seen.push(`request ${id.length > 0}`);
      },
      onResponse: ({ response }) => {
        seen.push(`response ${response.status}`);
      },
      onError: ({ error }) => {
        seen.push(`error ${(error as Error).message}`);
      },
    });
    vi.useFakeTimers();
    expect((await settle(client.transferGet({ transfer_id: 't1' }))).value).toMatchObject({ request_id: 'r' });
    expect(seen).toEqual([
      'request true',
      'error fetch failed',
      'request true',
      'response 503',
      'request true',
      'response 200',
    ]);
    expect(requests).toHaveLength(3);
  });

  it('lets onError turn a failure into another error, still typed by the client', async () => {
    const { fetch } = scriptedFetch(fetchFailed('ECONNRESET'));
    const client = createClient({ ...credentials, baseUrl, fetch, maxRetries: 0 });
    client.use({ onError: () => new Error('offline, says the app') });
    const error = await client.transferGet({ transfer_id: 't1' }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(SvcNetworkError);
    expect((error as Error).message).toContain('offline, says the app');
  });

  it('takes middleware for one POST call', async () => {
    const { fetch, requests } = scriptedFetch(json(400, apiErrorBody(400, 'INVALID_REQUEST', 'MISSING_FIELDS')));
    const client = createClient({ ...credentials, baseUrl, fetch });
    const once: Middleware = {
      onRequest: ({ request }) => {
        request.headers.set('Prefer', 'code=400');
      },
    };
    const { error, response } = await client.POST('/transfer/get', { body: { transfer_id: 't1' }, middleware: [once] });
    expect(response.status).toBe(400);
    expect(error?.error_code).toBe('MISSING_FIELDS');
    expect(requests[0]?.headers.get('Prefer')).toBe('code=400');
    await client.POST('/transfer/get', { body: { transfer_id: 't1' } });
    expect(requests[1]?.headers.get('Prefer')).toBeNull();
  });

  it('refuses what is not middleware, as openapi-fetch does', () => {
    const client = createClient({ ...credentials, baseUrl, fetch: scriptedFetch(ok()).fetch });
    expect(() => client.use({ onReqest: () => undefined } as never)).toThrow(/Middleware must be an object/);
  });
});

describe('the README middleware example', () => {
  it('adds the trace id and logs each answer until ejected', async () => {
    const { fetch, requests } = scriptedFetch(ok());
    const client = createClient({ ...credentials, baseUrl, fetch });
    const lines: string[] = [];
    const tracing = traceCalls(client, 'trace-7', (line) => lines.push(line));
    await client.transferGet({ transfer_id: 't1' });
    client.eject(tracing);
    await client.transferGet({ transfer_id: 't1' });
    expect(requests.map((request) => request.headers.get('X-Trace-Id'))).toEqual(['trace-7', null]);
    expect(lines).toEqual(['trace-7 POST /transfer/get: HTTP 200']);
  });
});
