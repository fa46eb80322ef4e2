// Issue 22 on the mock: it stays open to every web page (frontend teams use it from any origin)
// but answers only its own host names, never allows credentials mode, answers Private Network
// Access preflights, and refuses what PostgreSQL could not store, as the sandbox does.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningMock, startMock } from '../src/index.js';

let mock: RunningMock;

beforeAll(async () => {
  mock = await startMock({ port: 0 });
}, 60_000);

afterAll(async () => {
  await mock?.stop();
});

interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown> | undefined;
}

/** A request with any headers, `Host` included (fetch does not let a test choose it). */
function send(path: string, init: { method?: string; body?: string; headers?: Record<string, string> }) {
  return new Promise<RawReply>((resolve, reject) => {
    const req = request(`${mock.url}${path}`, { method: init.method ?? 'POST', headers: init.headers });
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

const headers = {
  'Content-Type': 'application/json',
  'SVC-CLIENT-ID': '62b4f1c9a7d3e5001a2b3c4d',
  'SVC-SECRET': 'd3c1f0e9b8a4c2d6e5f4a3b2c1d0e9f8',
};
const body = JSON.stringify({ count: 1, offset: 0, country_codes: ['US'] });

describe('the mock edges (issue 22)', () => {
  it('refuses a rebound Host name', async () => {
    const reply = await send('/institutions/get', { body, headers: { ...headers, Host: 'attacker-rebind.example' } });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ error_code: 'INVALID_HEADERS', causes: [{ header: 'Host' }] });
  });

  it('lets any page read its answers, without credentials mode', async () => {
    const reply = await send('/institutions/get', {
      body,
      headers: { ...headers, Origin: 'https://frontend.example' },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers['access-control-allow-origin']).toBe('https://frontend.example');
    expect(reply.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('answers a Private Network Access preflight', async () => {
    const reply = await send('/institutions/get', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://frontend.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Private-Network': 'true',
      },
    });
    expect(reply.status).toBe(204);
    expect(reply.headers['access-control-allow-private-network']).toBe('true');
  });

  it('refuses a NUL in a string with 400 INVALID_FIELD naming the field', async () => {
    const reply = await send('/institutions/get', {
      body: '{"count":1,"offset":0,"country_codes":["US"],"client_id":"x\\u0000"}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ error_code: 'INVALID_FIELD', causes: [{ field: 'client_id' }] });
  });
});
