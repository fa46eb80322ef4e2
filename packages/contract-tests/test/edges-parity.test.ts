// The mock (Prism's validator) and the sandbox (@svc/server-kit's Ajv validator) answer the same
// invalid requests with the same ApiError: same status, error_type, error_code, message and causes.
import { startMock } from '@svc/mock';
import { startSandbox } from '@svc/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractCredentials } from '../src/credentials.js';
import { prepareSuite } from '../src/setup.js';

const { cases } = prepareSuite();
const invalid = cases.filter((item) =>
  ['missing-field', 'unknown-field', 'constraint-rejected', 'no-credentials'].includes(item.kind),
);
const credentials = contractCredentials();

interface Raw {
  path: string;
  method?: string;
  body: string;
  headers?: Record<string, string>;
}

const transportCases: [string, Raw][] = [
  ['a body that is not JSON', { path: '/item/remove', body: '{"access_token":' }],
  ['a JSON array body', { path: '/item/remove', body: '[]' }],
  ['a non-JSON content type', { path: '/item/remove', body: '{}', headers: { 'Content-Type': 'text/plain' } }],
  ['an unknown path', { path: '/item/unknown', body: '{}' }],
  ['a GET', { path: '/item/remove', method: 'GET', body: '' }],
  ['an unsupported SVC-Version', { path: '/item/remove', body: '{"access_token":"a"}', headers: { 'SVC-Version': '1999-01-01' } }],
];

let mockUrl = '';
let sandboxUrl = '';
let stop: () => Promise<void> = async () => {};

beforeAll(async () => {
  const mock = await startMock({ port: 0 });
  const sandbox = await startSandbox({ port: 0, store: { kind: 'memory' }, rateLimit: null, logger: () => {} });
  mockUrl = mock.url;
  sandboxUrl = sandbox.url;
  stop = async () => {
    await Promise.all([mock.stop(), sandbox.stop()]);
  };
});

afterAll(() => stop());

async function send(base: string, raw: Raw) {
  const response = await fetch(`${base}${raw.path}`, {
    method: raw.method ?? 'POST',
    headers: {
      'Content-Type': 'application/json',
      'SVC-CLIENT-ID': credentials.clientId,
      'SVC-SECRET': credentials.secret,
      ...raw.headers,
    },
    ...(raw.body === '' ? {} : { body: raw.body }),
  });
  const { request_id: _requestId, ...rest } = (await response.json()) as Record<string, unknown>;
  return { status: response.status, body: rest };
}

describe('the sandbox and the mock reject the same requests identically', () => {
  it(`has invalid requests to compare (${invalid.length})`, () => {
    expect(invalid.length).toBeGreaterThan(500);
  });

  it.each(transportCases)('%s', async (_name, raw) => {
    expect(await send(sandboxUrl, raw)).toEqual(await send(mockUrl, raw));
  });

  for (const item of invalid) {
    it(`${item.operationId}: ${item.name}`, async () => {
      const raw: Raw = {
        path: item.path,
        body: JSON.stringify(item.body),
        ...(item.credentials === 'none' ? { headers: { 'SVC-CLIENT-ID': '', 'SVC-SECRET': '' } } : {}),
      };
      const [fromSandbox, fromMock] = [await send(sandboxUrl, raw), await send(mockUrl, raw)];
      expect(fromSandbox).toEqual(fromMock);
      expect(fromSandbox.status).toBe(item.expect.status);
    });
  }
});
