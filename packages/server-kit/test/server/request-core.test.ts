import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createApiError } from '../../src/api-error.js';
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
