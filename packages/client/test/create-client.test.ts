import { describe, expect, it, vi } from 'vitest';
import { createClient, environments, operationTable } from '../src/index.js';
import { json, scriptedFetch, settle } from './helpers/fake-fetch.js';

const clientId = '62b4f1c9a7d3e5001a2b3c4d';
const secret = '7d3c1f0e9b8a4c2d6e5f4a3b2c1d0e';
const accessToken = 'access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6';
const baseUrl = 'http://127.0.0.1:1';

describe('createClient', () => {
  it('sends credentials as headers by default, and not in the body', async () => {
    const { fetch, requests } = scriptedFetch(json(200, { request_id: 'r' }));
    const client = createClient({ clientId, secret, baseUrl, fetch });
    const { data } = await client.POST('/item/remove', { body: { access_token: accessToken } });
    expect(data).toEqual({ request_id: 'r' });
    expect(requests[0]?.headers.get('SVC-CLIENT-ID')).toBe(clientId);
    expect(requests[0]?.headers.get('SVC-SECRET')).toBe(secret);
    expect(requests[0]?.body).toEqual({ access_token: accessToken });
  });

  it('sends credentials as body fields when asked, and not as headers', async () => {
    const { fetch, requests } = scriptedFetch(json(200, { request_id: 'r' }));
    const client = createClient({ clientId, secret, baseUrl, fetch, credentials: 'body' });
    await client.itemRemove({ access_token: accessToken });
    expect(requests[0]?.headers.get('SVC-CLIENT-ID')).toBeNull();
    expect(requests[0]?.headers.get('SVC-SECRET')).toBeNull();
    expect(requests[0]?.body).toEqual({ access_token: accessToken, client_id: clientId, secret });
  });

  it('sends body credentials on an untyped path-typed call without a body', async () => {
    const { fetch, requests } = scriptedFetch(json(200, { recipients: [], request_id: 'r' }));
    const client = createClient({ clientId, secret, baseUrl, fetch, credentials: 'body' });
    // The types require a body; plain JavaScript may leave it out.
    await (client.POST as unknown as (path: string) => Promise<unknown>)('/payment_initiation/recipient/list');
    expect(requests[0]?.body).toEqual({ client_id: clientId, secret });
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
  });

  it('sends body credentials on every attempt of a retried call', async () => {
    const { fetch, requests } = scriptedFetch(new TypeError('fetch failed'), json(200, { request_id: 'r' }));
    const client = createClient({ clientId, secret, baseUrl, fetch, credentials: 'body', maxRetries: 1 });
    vi.useFakeTimers();
    try {
      expect((await settle(client.transferGet({ transfer_id: 't1' }))).error).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
    expect(requests.map((request) => request.body)).toEqual([
      { transfer_id: 't1', client_id: clientId, secret },
      { transfer_id: 't1', client_id: clientId, secret },
    ]);
  });

  it.each([
    ['the sandbox by default', {}, `${environments.sandbox}/item/remove`],
    ['a named environment', { environment: 'production' as const }, `${environments.production}/item/remove`],
    ['a base URL, trailing slash removed', { baseUrl: 'http://127.0.0.1:4010/' }, 'http://127.0.0.1:4010/item/remove'],
    ['a base URL with a path', { baseUrl: 'http://127.0.0.1:4010/svc/' }, 'http://127.0.0.1:4010/svc/item/remove'],
  ])('calls %s', async (_name, options, want) => {
    const urls: string[] = [];
    const fetch = async (request: Request) => {
      urls.push(request.url);
      return json(200, { request_id: 'r' });
    };
    const client = createClient({ clientId, secret, fetch, ...options });
    await client.itemRemove({ access_token: accessToken });
    expect(urls).toEqual([want]);
  });

  it('pins the API version with the SVC-Version header', async () => {
    const { fetch, requests } = scriptedFetch(json(200, { request_id: 'r' }));
    const client = createClient({ clientId, secret, fetch, version: '2026-11-01' });
    await client.itemRemove({ access_token: accessToken });
    expect(requests[0]?.headers.get('SVC-Version')).toBe('2026-11-01');
  });

  it('passes per-call headers (for example Prefer against the mock)', async () => {
    const { fetch, requests } = scriptedFetch(json(200, { request_id: 'r' }));
    const client = createClient({ clientId, secret, baseUrl, fetch });
    await client.itemRemove({ access_token: accessToken }, { headers: { Prefer: 'code=200' } });
    expect(requests[0]?.headers.get('Prefer')).toBe('code=200');
  });

  it('resolves a named method to the response body', async () => {
    const body = { access_token: accessToken, item_id: 'eVBnVMp7zdTJLkRNr33Rs6zr7KNJqBFL9DrE6', request_id: 'r' };
    const { fetch, requests } = scriptedFetch(json(200, body));
    const client = createClient({ clientId, secret, baseUrl, fetch });
    const result = await client.itemPublicTokenExchange({ public_token: 'public-sandbox-x' });
    expect(result).toEqual(body);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/item/public_token/exchange',
      body: { public_token: 'public-sandbox-x' },
    });
  });

  it('sends an empty object for an operation whose body may be omitted', async () => {
    const { fetch, requests } = scriptedFetch(json(200, { recipients: [], request_id: 'r' }));
    const client = createClient({ clientId, secret, baseUrl, fetch });
    await client.paymentInitiationRecipientList();
    expect(requests[0]?.body).toEqual({});
  });

  it('has one named method per operation and one paginator per paged operation', () => {
    const client = createClient({ clientId, secret, baseUrl, fetch: scriptedFetch().fetch });
    const names = Object.keys(operationTable);
    expect(names.length).toBeGreaterThan(50);
    for (const name of names) {
      expect(typeof (client as unknown as Record<string, unknown>)[name], name).toBe('function');
    }
    const paged = names.filter((name) => 'paging' in operationTable[name as keyof typeof operationTable]);
    expect(Object.keys(client.paginate).sort()).toEqual(paged.sort());
  });

  it('keeps the raw path-typed surface: POST resolves to { data, error, response }', async () => {
    const error = { error_type: 'INVALID_INPUT', error_code: 'INVALID_ACCESS_TOKEN', error_message: 'bad' };
    const { fetch } = scriptedFetch(json(400, error));
    const client = createClient({ clientId, secret, baseUrl, fetch });
    const result = await client.POST('/item/remove', { body: { access_token: 'nope' } });
    expect(result.error).toEqual(error);
    expect(result.response.status).toBe(400);
  });

  it.each([
    ['no credentials', { clientId: '', secret }, 'createClient needs both clientId and secret'],
    [
      'an unknown environment',
      { clientId, secret, environment: 'staging' },
      /environment must be one of sandbox,.* \(or set baseUrl\), got "staging"/,
    ],
    ['a relative base URL', { clientId, secret, baseUrl: '/api' }, /baseUrl must be an absolute URL/],
    [
      'a bad credentials placement',
      { clientId, secret, credentials: 'query' },
      /credentials must be 'headers' or 'body'/,
    ],
    ['a zero timeout', { clientId, secret, timeoutMs: 0 }, /timeoutMs must be a positive number/],
    ['negative retries', { clientId, secret, maxRetries: -1 }, /maxRetries must be an integer >= 0/],
  ])('refuses %s, without echoing the secret', (_name, options, error) => {
    const create = () => createClient(options as Parameters<typeof createClient>[0]);
    expect(create).toThrow(error);
    expect(() => {
      try {
        create();
      } catch (thrown) {
        if (String((thrown as Error).message).includes(secret)) {
          throw new Error('secret leaked');
        }
      }
    }).not.toThrow();
  });

  it('takes environments from the spec servers', () => {
    expect(Object.keys(environments)).toEqual(['sandbox', 'development', 'production', 'local', 'mock']);
  });
});
