// Issue 22: what the sandbox refuses at its edges, on both engines: strings PostgreSQL cannot
// store (a 500 there before), malformed body credentials (a 401 here, a 400 from the mock), and
// requests from other host names or web pages (any page could drive a local sandbox).
import { request } from 'node:http';
import { expect, it } from 'vitest';
import { DEFAULT_CLIENT } from '../../../src/features/world/world.js';
import { describeEngines } from '../../support/harness.js';

interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown> | undefined;
}

/** A request with any headers, `Host` included (fetch does not let a test choose it). */
function send(base: string, path: string, init: { method?: string; body?: string; headers?: Record<string, string> }) {
  return new Promise<RawReply>((resolve, reject) => {
    const req = request(`${base}${path}`, { method: init.method ?? 'POST', headers: init.headers });
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (part: string) => {
        text += part;
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: text === '' ? undefined : JSON.parse(text),
        }),
      );
    });
    req.end(init.body);
  });
}

const INSTITUTIONS = { count: 1, offset: 0, country_codes: ['US'] };
const json = { 'Content-Type': 'application/json' };
const credentials = { 'SVC-CLIENT-ID': DEFAULT_CLIENT.clientId, 'SVC-SECRET': DEFAULT_CLIENT.secret };

describeEngines('the edges', (sandbox) => {
  it.each([
    [
      'a NUL in the body client_id',
      '/institutions/get',
      '{"client_id":"x\\u0000","secret":"s","count":1,"offset":0,"country_codes":["US"]}',
      {},
      'client_id',
    ],
    [
      'a NUL in a search query',
      '/institutions/search',
      '{"query":"Ging\\u0000ham","products":null,"country_codes":["US"]}',
      credentials,
      'query',
    ],
    [
      'a lone surrogate in the body secret',
      '/institutions/get',
      '{"client_id":"a","secret":"\\ud800","count":1,"offset":0,"country_codes":["US"]}',
      {},
      'secret',
    ],
  ])(
    'refuses %s with 400 INVALID_FIELD naming it, before authentication',
    async (_name, path, body, headers, field) => {
      const reply = await send(sandbox().url, path, { body, headers: { ...json, ...headers } });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ error_code: 'INVALID_FIELD', causes: [{ field }] });
    },
  );

  it.each([
    ['a number', 42],
    ['an empty string', ''],
    ['null', null],
    ['an object', {}],
  ])('answers a body client_id that is %s with the 400 INVALID_FIELD the mock gives', async (_name, clientId) => {
    const body = JSON.stringify({ client_id: clientId, secret: DEFAULT_CLIENT.secret, ...INSTITUTIONS });
    const reply = await send(sandbox().url, '/institutions/get', { body, headers: json });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ error_code: 'INVALID_FIELD', causes: [{ field: 'client_id' }] });
  });

  it('refuses a rebound Host name, even for /healthz', async () => {
    for (const path of ['/institutions/get', '/healthz']) {
      const reply = await send(sandbox().url, path, {
        method: path === '/healthz' ? 'GET' : 'POST',
        headers: { ...json, ...credentials, Host: 'attacker-rebind.example' },
        ...(path === '/healthz' ? {} : { body: JSON.stringify(INSTITUTIONS) }),
      });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ error_code: 'INVALID_HEADERS', causes: [{ header: 'Host' }] });
    }
  });

  it('refuses a page of another site, and lets a local frontend read its answers without credentials mode', async () => {
    const body = JSON.stringify(INSTITUTIONS);
    const foreign = await send(sandbox().url, '/institutions/get', {
      body,
      headers: { ...json, ...credentials, Origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ error_code: 'INVALID_HEADERS', causes: [{ header: 'Origin' }] });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const local = await send(sandbox().url, '/institutions/get', {
      body,
      headers: { ...json, ...credentials, Origin: 'http://localhost:3000' },
    });
    expect(local.status).toBe(200);
    expect(local.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(local.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('answers a Private Network Access preflight for a local page only', async () => {
    const preflight = (origin: string) =>
      send(sandbox().url, '/institutions/get', {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type, svc-client-id, svc-secret',
          'Access-Control-Request-Private-Network': 'true',
        },
      });
    const local = await preflight('http://127.0.0.1:5173');
    expect(local.status).toBe(204);
    expect(local.headers['access-control-allow-private-network']).toBe('true');
    const publicPage = await preflight('https://public.example');
    expect(publicPage.status).toBe(400);
    expect(publicPage.headers['access-control-allow-private-network']).toBeUndefined();
  });
});

describeEngines(
  'the edges with --allowed-origins and --allowed-hosts',
  (sandbox) => {
    it('answers the configured page and host name, and no longer a local page', async () => {
      const body = JSON.stringify(INSTITUTIONS);
      const headers = { ...json, ...credentials, Host: 'sandbox.dev.test:4020' };
      const allowed = await send(sandbox().url, '/institutions/get', {
        body,
        headers: { ...headers, Origin: 'https://app.example.com' },
      });
      expect(allowed.status).toBe(200);
      expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.com');
      const local = await send(sandbox().url, '/institutions/get', {
        body,
        headers: { ...headers, Origin: 'http://localhost:3000' },
      });
      expect(local.status).toBe(400);
    });
  },
  { allowedOrigins: ['https://app.example.com'], allowedHosts: ['sandbox.dev.test'] },
);
