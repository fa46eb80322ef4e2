import { describe, expect, it } from 'vitest';
import { sendJson } from '../../src/send-json.js';
import { listen } from '../../src/server/listen.js';
import { createReadiness } from '../../src/server/readiness.js';
import { createRequestCore, requestLogLevel } from '../../src/server/request-core.js';

const openapi = { json: '{}', yaml: '{}\n' };
const handle = (_req: unknown, res: Parameters<typeof sendJson>[0]) => sendJson(res, 200, { served: true });

describe('createReadiness', () => {
  it('is ready with no checks, and names each check with ok or its reason', async () => {
    expect(await createReadiness().report()).toEqual({ ready: true, checks: {} });
    const readiness = createReadiness({ store: () => undefined, migrations: async () => '0009_x is not applied' });
    expect(await readiness.report()).toEqual({
      ready: false,
      checks: { store: 'ok', migrations: '0009_x is not applied' },
    });
  });

  it('reports a check that throws as failed, without its message', async () => {
    const readiness = createReadiness({
      store: () => {
        throw new Error('postgres://user:secret@host/db refused');
      },
    });
    const report = await readiness.report();
    expect(report).toEqual({ ready: false, checks: { store: 'the check failed' } });
    expect(JSON.stringify(report)).not.toContain('secret');
  });

  it('reports not ready once stopping, without running the checks', async () => {
    let runs = 0;
    const readiness = createReadiness({ store: () => void runs++ });
    await readiness.report();
    readiness.markStopping();
    expect(readiness.stopping).toBe(true);
    expect(await readiness.report()).toEqual({
      ready: false,
      checks: { stopping: 'the server is stopping: send no new requests' },
    });
    expect(runs).toBe(1);
  });
});

describe('requestLogLevel', () => {
  it.each([
    [503, '/readyz', true, 'info'], // a graceful stop: expected
    [503, '/readyz', false, 'warn'], // a failing check
    [200, '/readyz', false, 'info'],
    [503, '/transfer/get', true, 'error'],
    [500, '/auth/get', false, 'error'],
    [429, '/auth/get', false, 'info'],
  ] as const)('HTTP %i of %s (stopping: %s) is logged at %s', (status, path, stopping, level) => {
    expect(requestLogLevel(status, path, stopping)).toBe(level);
  });

  it('logs the 503 of /readyz during a stop at info, not error', async () => {
    const lines: Record<string, unknown>[] = [];
    const readiness = createReadiness();
    const server = await listen(
      createRequestCore({ service: 'svc-test', openapi, handle, readiness, logger: (entry) => lines.push(entry) }),
      { port: 0, host: '127.0.0.1' },
    );
    try {
      readiness.markStopping();
      expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
      await expect.poll(() => lines.length).toBe(1);
      expect(lines[0]).toMatchObject({ event: 'request', path: '/readyz', status: 503, level: 'info' });
    } finally {
      await server.stop();
    }
  });
});

describe('GET /readyz', () => {
  it('answers 200 ready without a readiness (once listening) and 503 naming the failing check', async () => {
    let reason: string | undefined;
    const plain = await listen(createRequestCore({ service: 'svc-test', openapi, handle }), {
      port: 0,
      host: '127.0.0.1',
    });
    const checked = await listen(
      createRequestCore({ service: 'svc-test', openapi, handle, readiness: createReadiness({ store: () => reason }) }),
      { port: 0, host: '127.0.0.1' },
    );
    try {
      const ready = await fetch(`${plain.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(ready.headers.get('cache-control')).toBe('no-store');
      expect(await ready.json()).toEqual({ status: 'ready', service: 'svc-test', checks: {} });
      expect((await fetch(`${checked.url}/readyz`)).status).toBe(200);
      reason = 'the database does not answer';
      const down = await fetch(`${checked.url}/readyz`);
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({
        status: 'not_ready',
        service: 'svc-test',
        checks: { store: 'the database does not answer' },
      });
      const head = await fetch(`${checked.url}/readyz`, { method: 'HEAD' });
      expect(head.status).toBe(503);
      expect(await head.text()).toBe('');
    } finally {
      await plain.stop();
      await checked.stop();
    }
  });

  it('on stop reports not ready at once, keeps serving for the drain delay, then closes', async () => {
    const readiness = createReadiness();
    const server = await listen(createRequestCore({ service: 'svc-test', openapi, handle, readiness }), {
      port: 0,
      host: '127.0.0.1',
      readiness,
      drainDelayMs: 400,
    });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const started = performance.now();
    let closedAt: number | undefined;
    const stopped = server.stop().then(() => {
      closedAt = performance.now();
    });
    const notReady = await fetch(`${server.url}/readyz`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toMatchObject({ status: 'not_ready', checks: { stopping: expect.any(String) } });
    // Still serving during the drain delay: a load balancer's last requests get answers.
    expect(await (await fetch(`${server.url}/anything`, { method: 'POST' })).json()).toEqual({ served: true });
    expect(closedAt).toBeUndefined();
    await stopped;
    expect((closedAt ?? 0) - started).toBeGreaterThanOrEqual(390);
    await expect(fetch(`${server.url}/readyz`)).rejects.toThrow();
  });
});
