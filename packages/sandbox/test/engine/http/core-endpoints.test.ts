import { readFileSync } from 'node:fs';
import { openapiJsonPath, openapiYamlPath } from '@svc/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogEntry } from '../../../src/engine/logger.js';
import { DEFAULT_CLIENT } from '../../../src/features/world/world.js';
import { type RunningSandbox, startSandbox } from '../../../src/start-sandbox.js';

let sandbox: RunningSandbox;
const logs: LogEntry[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, store: { kind: 'memory' }, logger: (entry) => logs.push(entry) });
}, 60_000);

afterAll(async () => {
  await sandbox?.stop();
});

const credentials = { 'SVC-CLIENT-ID': DEFAULT_CLIENT.clientId, 'SVC-SECRET': DEFAULT_CLIENT.secret };
const search = { query: 'Gingham', products: null, country_codes: ['US'] };

describe('the sandbox, beside its operations', () => {
  it('answers GET /healthz over HTTP with no credentials', async () => {
    const response = await fetch(`${sandbox.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', service: 'svc-sandbox' });
  });

  it.each([
    ['/openapi.json', openapiJsonPath, 'application/json'],
    ['/openapi.yaml', openapiYamlPath, 'application/yaml; charset=utf-8'],
  ])('serves the document it implements at %s', async (path, file, contentType) => {
    const response = await fetch(`${sandbox.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(contentType);
    expect(await response.text()).toBe(readFileSync(file, 'utf8'));
  });

  it('answers in-process, with no socket, as it does over HTTP', async () => {
    const response = await sandbox.inject({
      method: 'POST',
      url: '/institutions/search',
      headers: credentials,
      body: search,
    });
    expect(response.status).toBe(200);
    const body = response.json() as { institutions: unknown[]; request_id: string };
    expect(body.institutions.length).toBeGreaterThan(0);
    expect(body.request_id).toMatch(/^[A-Za-z0-9]{15}$/);
  });

  it('logs a 4xx with its error_code, and never the secret', async () => {
    logs.length = 0;
    await sandbox.inject({
      method: 'POST',
      url: '/institutions/search',
      headers: { ...credentials, 'SVC-SECRET': 'f'.repeat(30) },
      body: search,
    });
    const line = logs.find((entry) => entry.event === 'request');
    expect(line).toMatchObject({ status: 401, error_code: 'INVALID_API_KEYS', operation: 'institutionsSearch' });
    expect(JSON.stringify(logs)).not.toContain('f'.repeat(30));
  });
});

describe('the sandbox with logRequests: false (--quiet)', () => {
  it('logs no request line, and answers as before', async () => {
    const quietLogs: LogEntry[] = [];
    const quiet = await startSandbox({
      port: 0,
      store: { kind: 'memory' },
      logger: (entry) => quietLogs.push(entry),
      logRequests: false,
    });
    try {
      const ok = await quiet.inject({
        method: 'POST',
        url: '/institutions/search',
        headers: credentials,
        body: search,
      });
      const refused = await quiet.inject({
        method: 'POST',
        url: '/institutions/search',
        headers: { ...credentials, 'SVC-SECRET': 'f'.repeat(30) },
        body: search,
      });
      expect([ok.status, refused.status]).toEqual([200, 401]);
      expect(quietLogs.filter((entry) => entry.event === 'request')).toEqual([]);
    } finally {
      await quiet.stop();
    }
  }, 60_000);
});
