import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningMock, startMock } from '../src/index.js';

/** A two-operation 3.1 document: one example matches its schema, the other does not. */
const document = {
  openapi: '3.1.0',
  jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
  info: { title: 'probe', version: '1.0.0' },
  paths: Object.fromEntries(
    [
      ['/good', { request_id: 'abc' }],
      ['/broken', { request_id: 42 }],
    ].map(([path, example]) => [
      path,
      {
        post: {
          operationId: path === '/good' ? 'good' : 'broken',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  additionalProperties: false,
                  properties: { client_id: { type: 'string' }, secret: { type: 'string' }, n: { type: 'integer' } },
                },
              },
            },
          },
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  schema: { type: 'object', required: ['request_id'], properties: { request_id: { type: 'string' } } },
                  examples: { default: { value: example } },
                },
              },
            },
          },
        },
      },
    ]),
  ),
};

let dir: string;
let mock: RunningMock;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-mock-test-'));
  const specPath = join(dir, 'openapi.json');
  writeFileSync(specPath, JSON.stringify(document));
  mock = await startMock({ port: 0, specPath });
}, 60_000);

afterAll(async () => {
  await mock?.stop();
  rmSync(dir, { recursive: true, force: true });
});

function post(path: string, body: unknown) {
  return fetch(`${mock.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'SVC-CLIENT-ID': 'id', 'SVC-SECRET': 'secret' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(5000),
  });
}

describe('startMock({ specPath })', () => {
  it('serves another document, with request validation on', async () => {
    expect(mock.specPath).toMatch(/openapi\.json$/);
    expect(mock.operationCount).toBe(2);
    expect((await post('/good', { n: 1 })).status).toBe(200);
    const invalid = await post('/good', { n: 'one' });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ error_code: 'INVALID_FIELD', causes: [{ field: 'n' }] });
  });

  it('answers the same static example again and again (response validation is cached, not skipped)', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await post('/good', {});
      // The example, with this response's own request_id instead of the example's "abc" (issue 26).
      expect(await response.json()).toEqual({ request_id: expect.stringMatching(/^[A-Za-z0-9]{15}$/) });
    }
  });

  it('turns an example that breaks its own schema into a 500 naming the problem, every time', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await post('/broken', {});
      expect(response.status).toBe(500);
      const body = (await response.json()) as { error_type: string; error_code: string; error_message: string };
      expect(body).toMatchObject({ error_type: 'API_ERROR', error_code: 'INTERNAL_SERVER_ERROR' });
      expect(body.error_message).toContain('broken');
      expect(body.error_message).toContain('request_id');
    }
  });
});
