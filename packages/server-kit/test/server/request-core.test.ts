import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { defaultAllowedHosts, LOCAL_ORIGINS } from '../../src/access-policy.js';
import { createApiError } from '../../src/api-error.js';
import { answerPreflight } from '../../src/cors.js';
import { sendApiError, sendJson } from '../../src/send-json.js';
import { inject } from '../../src/server/inject.js';
import type { LogEntry } from '../../src/server/log.js';
import { createRequestCore, requestLogFields } from '../../src/server/request-core.js';

const openapi = { json: '{"openapi":"3.1.0"}', yaml: 'openapi: 3.1.0\n' };

function core(logs: LogEntry[] = []) {
  return createRequestCore({
    service: 'svc-test',
    openapi,
    logger: (entry) => logs.push(entry),
    handle: (req, res) => {
      requestLogFields(res).operation = 'itemRemove';
      if (req.url === '/fail') {
        sendApiError(res, {
          error: createApiError({
            status: 400,
            errorType: 'INVALID_REQUEST',
            errorCode: 'INVALID_FIELD',
            message: 'bad',
            requestId: 'R1',
          }),
        });
        return;
      }
      sendJson(res, 200, { removed: true, request_id: 'R2' });
    },
  });
}

describe('createRequestCore', () => {
  it('answers /healthz without credentials', async () => {
    const response = await inject(core(), { url: '/healthz' });
    expect(response.status).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', service: 'svc-test' });
  });

  it.each([
    ['/openapi.json', 'application/json', openapi.json],
    ['/openapi.yaml', 'application/yaml; charset=utf-8', openapi.yaml],
  ])('serves %s as %s', async (url, contentType, body) => {
    const response = await inject(core(), { url });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(contentType);
    expect(response.body).toBe(body);
  });

  it('answers HEAD on its own paths with the head only', async () => {
    const response = await inject(core(), { method: 'HEAD', url: '/openapi.yaml' });
    expect(response.status).toBe(200);
    expect(response.headers['content-length']).toBe(Buffer.byteLength(openapi.yaml));
    expect(response.body).toBe('');
  });

  it.each([
    ['POST', '/healthz'],
    ['PUT', '/readyz'],
    ['DELETE', '/healthz'],
    ['PATCH', '/openapi.json'],
    ['POST', '/openapi.yaml?x=1'],
  ])('refuses %s %s with 405 METHOD_NOT_ALLOWED and Allow, never handing it on', async (method, url) => {
    const handed: string[] = [];
    const listener = createRequestCore({
      service: 'svc-test',
      openapi,
      handle: (req, res) => {
        handed.push(`${req.method} ${req.url}`);
        sendJson(res, 404, {});
      },
    });
    const response = await inject(listener, { method, url, body: {} });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(response.json()).toMatchObject({
      error_type: 'INVALID_REQUEST',
      error_code: 'METHOD_NOT_ALLOWED',
      error_message: `${url.split('?')[0]} does not accept ${method}; allowed: GET, HEAD`,
    });
    expect(handed).toEqual([]);
  });

  it('hands every other request to the server, which sees its body', async () => {
    const seen: string[] = [];
    const listener = createRequestCore({
      service: 'svc-test',
      openapi,
      handle: (req, res) => {
        let text = '';
        req.setEncoding('utf8');
        req.on('data', (chunk: string) => {
          text += chunk;
        });
        req.on('end', () => {
          seen.push(`${req.method} ${req.url} ${req.headers['content-type']} ${text}`);
          sendJson(res, 200, { ok: true });
        });
      },
    });
    const response = await inject(listener, { url: '/item/remove', body: { access_token: 'x' } });
    expect(response.json()).toEqual({ ok: true });
    expect(seen).toEqual(['POST /item/remove application/json {"access_token":"x"}']);
  });

  it('logs one entry per response, with the fields the server added and error_code on a 4xx', async () => {
    const logs: LogEntry[] = [];
    const listener = core(logs);
    await inject(listener, { url: '/ok?token=secret-value', body: {} });
    await inject(listener, { url: '/fail', body: {} });
    expect(logs).toEqual([
      expect.objectContaining({
        event: 'request',
        request_id: 'R2',
        path: '/ok',
        status: 200,
        operation: 'itemRemove',
      }),
      expect.objectContaining({ request_id: 'R1', path: '/fail', status: 400, error_code: 'INVALID_FIELD' }),
    ]);
    expect(Object.keys(logs[0] ?? {})).not.toContain('error_code');
    expect(JSON.stringify(logs)).not.toContain('secret-value');
  });
});

describe('src/server', () => {
  it('imports nothing but its own modules, Node built-ins and pino (the logger)', () => {
    const dir = fileURLToPath(new URL('../../src/server/', import.meta.url));
    const imports = readdirSync(dir).flatMap((file) =>
      [...readFileSync(`${dir}${file}`, 'utf8').matchAll(/ from '([^']+)';$/gm)].map((match) => match[1] ?? ''),
    );
    expect(imports.filter((source) => !/^(\.\.?\/|node:|pino$)/.test(source))).toEqual([]);
  });
});

// Issue 22: any page (and, by DNS rebinding, any host name) could drive a local server.
describe('createRequestCore with an access policy', () => {
  const guarded = () =>
    createRequestCore({
      service: 'svc-test',
      openapi,
      access: { allowedHosts: defaultAllowedHosts('127.0.0.1'), allowedOrigins: LOCAL_ORIGINS },
      handle: (req, res) => {
        if (req.method === 'OPTIONS') {
          answerPreflight(req, res, { allowedOrigins: LOCAL_ORIGINS });
          return;
        }
        sendJson(res, 200, { served: true });
      },
    });

  it.each([
    ['a rebound host name', { host: 'attacker-rebind.example' }, 'Host', /Host header names a host/],
    ['a rebound host name with a port', { host: 'attacker-rebind.example:4020' }, 'Host', /Host header/],
    ['a page of another site', { host: '127.0.0.1:4020', origin: 'https://evil.example' }, 'Origin', /evil\.example/],
    [
      'a page of another site on a local port',
      { host: 'localhost', origin: 'http://evil.example:4030' },
      'Origin',
      /not allowed/,
    ],
  ])('refuses %s with the API error object, its own paths included', async (_name, headers, header, message) => {
    for (const url of ['/item/remove', '/healthz']) {
      const response = await inject(guarded(), { url, headers, ...(url === '/healthz' ? {} : { body: {} }) });
      expect(response.status).toBe(400);
      expect(response.json()).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'INVALID_HEADERS' });
      expect((response.json() as { error_message: string }).error_message).toMatch(message);
      expect((response.json() as { causes: { header: string }[] }).causes[0]?.header).toBe(header);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it.each([
    ['localhost:4020', 'http://localhost:3000'],
    ['127.0.0.1:4020', undefined],
    ['[::1]:4020', 'http://[::1]:8080'],
    ['LOCALHOST.', 'http://127.0.0.1:5173'],
  ])('serves Host %s from origin %s', async (host, origin) => {
    const response = await inject(guarded(), {
      url: '/item/remove',
      body: {},
      headers: { host, ...(origin ? { origin } : {}) },
    });
    expect(response.status).toBe(200);
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('answers a Private Network Access preflight from an allowed page, and only from one', async () => {
    const preflight = (origin: string) =>
      inject(guarded(), {
        method: 'OPTIONS',
        url: '/item/remove',
        headers: {
          host: 'localhost:4020',
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-private-network': 'true',
        },
      });
    const allowed = await preflight('http://localhost:3000');
    expect(allowed.status).toBe(204);
    expect(allowed.headers['access-control-allow-private-network']).toBe('true');
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    const refused = await preflight('https://public.example');
    expect(refused.status).toBe(400);
    expect(refused.headers['access-control-allow-private-network']).toBeUndefined();
    // A page opened from a file (Origin: null) may call, but gets no private-network permission:
    // a sandboxed <iframe> of a public site sends null too.
    const fromFile = await preflight('null');
    expect(fromFile.status).toBe(204);
    expect(fromFile.headers['access-control-allow-origin']).toBe('null');
    expect(fromFile.headers['access-control-allow-private-network']).toBeUndefined();
  });

  it('serves a page opened from a file (Origin: null), the HTML reference from disk', async () => {
    const response = await inject(guarded(), {
      url: '/item/remove',
      body: {},
      headers: { host: '127.0.0.1:4020', origin: 'null' },
    });
    expect(response.status).toBe(200);
  });

  it('accepts any host name when bound to a non-loopback interface', () => {
    expect(defaultAllowedHosts('0.0.0.0')).toBeUndefined();
    expect(defaultAllowedHosts('0.0.0.0', ['sandbox.internal'])).toEqual(['sandbox.internal']);
    expect(defaultAllowedHosts('127.0.0.1', ['dev.test'])).toEqual(['localhost', '127.0.0.1', '[::1]', 'dev.test']);
  });
});
