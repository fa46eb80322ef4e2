// The request core checks the Host and the Origin of every request, and draws a request id only
// for one it refuses: an id drawn for every request the server then answers itself was wasted work.
import { describe, expect, it, vi } from 'vitest';

const drawn = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/request-id.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/request-id.js')>();
  return {
    ...original,
    newRequestId: () => {
      drawn.count++;
      return original.newRequestId();
    },
  };
});

const { sendJson } = await import('../../src/send-json.js');
const { inject } = await import('../../src/server/inject.js');
const { createRequestCore } = await import('../../src/server/request-core.js');

const core = createRequestCore({
  service: 'svc-test',
  openapi: { json: '{}', yaml: '{}' },
  access: { allowedHosts: ['localhost'], allowedOrigins: ['http://localhost:*'] },
  handle: (_req, res) => sendJson(res, 200, { ok: true }),
});

describe('the request core draws request ids', () => {
  it.each([
    ['an allowed request', { host: 'localhost:4010' }, 200, 0],
    ['one from an allowed page', { host: 'localhost', origin: 'http://localhost:3000' }, 200, 0],
    ['an unknown Host', { host: 'evil.example' }, 400, 1],
    ['a page not allowed', { host: 'localhost', origin: 'https://evil.example' }, 400, 1],
  ])('%s: %s ids', async (_name, headers, status, ids) => {
    drawn.count = 0;
    const response = await inject(core, { method: 'POST', url: '/x', headers, body: {} });
    expect(response.status).toBe(status);
    expect(drawn.count).toBe(ids);
    if (status === 400) {
      expect(response.json()).toMatchObject({ error_code: 'INVALID_HEADERS', request_id: expect.any(String) });
    }
  });
});
