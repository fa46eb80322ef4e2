import { readFileSync } from 'node:fs';
import { setDocumentationBase } from '@svc/server-kit';
import { openapiJsonPath, openapiYamlPath } from '@svc/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningMock, startMock } from '../src/index.js';

let mock: RunningMock;
const logs: Record<string, unknown>[] = [];

beforeAll(async () => {
  mock = await startMock({ port: 0, logger: (entry) => logs.push(entry) });
}, 60_000);

afterAll(async () => {
  await mock?.stop();
});

const credentials = { 'SVC-CLIENT-ID': '62b4f1c9a7d3e5001a2b3c4d', 'SVC-SECRET': '7d3c1f0e9b8a4c2d6e5f4a3b2c1d0e' };
const itemRemove = {
  method: 'POST',
  url: '/item/remove',
  headers: credentials,
  body: { access_token: 'access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6' },
};

describe('the mock', () => {
  it('answers each response with its own request_id', async () => {
    const first = (await mock.inject(itemRemove)).json() as { request_id: string };
    const second = (await mock.inject(itemRemove)).json() as { request_id: string };
    expect(first.request_id).toMatch(/^[A-Za-z0-9]{15}$/);
    expect(second.request_id).not.toBe(first.request_id);
    const forced = await mock.inject({ ...itemRemove, headers: { ...credentials, Prefer: 'code=400' } });
    expect(forced.status).toBe(400);
    const forcedAgain = await mock.inject({ ...itemRemove, headers: { ...credentials, Prefer: 'code=400' } });
    expect((forced.json() as { request_id: string }).request_id).not.toBe(
      (forcedAgain.json() as { request_id: string }).request_id,
    );
  });

  it('answers GET /healthz over HTTP with no credentials', async () => {
    const response = await fetch(`${mock.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', service: 'svc-mock' });
  });

  it('answers GET /readyz 200 once listening, with no credentials', async () => {
    const response = await fetch(`${mock.url}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready', service: 'svc-mock', checks: {} });
  });

  it('on stop answers /readyz 503 at once, serves for the drain delay, then stops accepting', async () => {
    const stopping = await startMock({ port: 0, drainDelayMs: 400 });
    const started = performance.now();
    let stoppedAfter: number | undefined;
    const stopped = stopping.stop().then(() => {
      stoppedAfter = performance.now() - started;
    });
    const notReady = await fetch(`${stopping.url}/readyz`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toMatchObject({ status: 'not_ready', service: 'svc-mock' });
    const served = await fetch(`${stopping.url}/item/remove`, {
      method: 'POST',
      headers: { ...credentials, 'Content-Type': 'application/json' },
      body: JSON.stringify(itemRemove.body),
    });
    expect(served.status).toBe(200);
    expect(stoppedAfter).toBeUndefined();
    await stopped;
    expect(stoppedAfter).toBeGreaterThanOrEqual(390);
    await expect(fetch(`${stopping.url}/readyz`)).rejects.toThrow();
  });

  it.each([
    ['/openapi.json', openapiJsonPath, 'application/json'],
    ['/openapi.yaml', openapiYamlPath, 'application/yaml; charset=utf-8'],
  ])('serves the document it implements at %s', async (path, file, contentType) => {
    const response = await fetch(`${mock.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(contentType);
    expect(await response.text()).toBe(readFileSync(file, 'utf8'));
  });

  it('logs each response with its operation, and error_code on a 4xx', async () => {
    logs.length = 0;
    await mock.inject(itemRemove);
    await mock.inject({ ...itemRemove, body: {} });
    expect(logs).toEqual([
      expect.objectContaining({ event: 'request', operation: 'itemRemove', status: 200 }),
      expect.objectContaining({ operation: 'itemRemove', status: 400, error_code: 'MISSING_FIELDS' }),
    ]);
    expect(JSON.stringify(logs)).not.toContain(credentials['SVC-SECRET']);
  });

  it('points documentation_url at the served docs when told to, in its own errors and in error examples', async () => {
    setDocumentationBase('http://127.0.0.1:4030/');
    try {
      const own = (await mock.inject({ ...itemRemove, body: {} })).json() as { documentation_url: string };
      expect(own.documentation_url).toBe('http://127.0.0.1:4030/#section/invalid_request');
      const example = await mock.inject({ ...itemRemove, headers: { ...credentials, Prefer: 'code=401' } });
      expect((example.json() as { documentation_url: string }).documentation_url).toBe(
        'http://127.0.0.1:4030/#section/invalid_input',
      );
    } finally {
      setDocumentationBase(undefined);
    }
  });
});
