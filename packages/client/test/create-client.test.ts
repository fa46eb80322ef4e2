import { describe, expect, it } from 'vitest';
import { createClient, environments } from '../src/index.js';

const clientId = '62b4f1c9a7d3e5001a2b3c4d';
const secret = '7d3c1f0e9b8a4c2d6e5f4a3b2c1d0e';
const accessToken = 'access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6';

/** A fetch that records the request it gets and answers with `body`. */
function recordingFetch(body: unknown = { request_id: 'r' }) {
  const requests: Request[] = [];
  const fetch = async (input: Request) => {
    requests.push(input);
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

describe('createClient', () => {
  it('sends credentials as headers by default, and not in the body', async () => {
    const { fetch, requests } = recordingFetch();
    const client = createClient({ clientId, secret, baseUrl: 'http://127.0.0.1:1', fetch });
    const { data } = await client.POST('/item/remove', { body: { access_token: accessToken } });
    expect(data).toEqual({ request_id: 'r' });
    const [request] = requests;
    expect(request?.headers.get('SVC-CLIENT-ID')).toBe(clientId);
    expect(request?.headers.get('SVC-SECRET')).toBe(secret);
    expect(await request?.json()).toEqual({ access_token: accessToken });
  });

  it('sends credentials as body fields when asked, and not as headers', async () => {
    const { fetch, requests } = recordingFetch();
    const client = createClient({ clientId, secret, baseUrl: 'http://127.0.0.1:1', fetch, credentials: 'body' });
    await client.POST('/item/remove', { body: { access_token: accessToken } });
    const [request] = requests;
    expect(request?.headers.get('SVC-CLIENT-ID')).toBeNull();
    expect(await request?.json()).toEqual({ access_token: accessToken, client_id: clientId, secret });
  });

  it.each([
    ['the sandbox by default', {}, `${environments.sandbox}/item/remove`],
    ['a named environment', { environment: 'production' as const }, `${environments.production}/item/remove`],
    ['a base URL, trailing slash removed', { baseUrl: 'http://127.0.0.1:4010/' }, 'http://127.0.0.1:4010/item/remove'],
  ])('calls %s', async (_name, options, want) => {
    const { fetch, requests } = recordingFetch();
    const client = createClient({ clientId, secret, fetch, ...options });
    await client.POST('/item/remove', { body: { access_token: accessToken } });
    expect(requests[0]?.url).toBe(want);
  });

  it('pins the API version with the SVC-Version header', async () => {
    const { fetch, requests } = recordingFetch();
    const client = createClient({ clientId, secret, fetch, version: '2026-11-01' });
    await client.POST('/item/remove', { body: { access_token: accessToken } });
    expect(requests[0]?.headers.get('SVC-Version')).toBe('2026-11-01');
  });

  it('refuses to start without credentials', () => {
    expect(() => createClient({ clientId: '', secret })).toThrow('createClient needs both clientId and secret');
  });

  it('takes environments from the spec servers', () => {
    expect(Object.keys(environments)).toEqual(['sandbox', 'development', 'production']);
  });
});
