// The mock (Prism's validator) and the sandbox (@svc/server-kit's Ajv validator) answer the same
// invalid requests with the same ApiError: same status, error_type, error_code, message and causes.
import { connect } from 'node:net';
import { startMock } from '@svc/mock';
import { HEADER_NAMES } from '@svc/spec/headers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractAdminKey, contractCredentials } from '../src/credentials.js';
import { prepareSuite } from '../src/setup.js';
import { startPinnedSandbox } from './support/sandbox-target.js';

const { cases } = prepareSuite();
const invalid = cases.filter((item) =>
  ['missing-field', 'unknown-field', 'constraint-rejected', 'no-credentials'].includes(item.kind),
);
const credentials = contractCredentials();
/** Empty credential headers: the body fields are the credentials. */
const NO_HEADERS = { 'SVC-CLIENT-ID': '', 'SVC-SECRET': '' };

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
  [
    'an unsupported SVC-Version',
    { path: '/item/remove', body: '{"access_token":"a"}', headers: { 'SVC-Version': '1999-01-01' } },
  ],
  // The limits and fixes of issue 13 live in the shared edges, so both servers answer alike.
  ['JSON broken inside a secret', { path: '/item/remove', body: '{"secret":d3c1f0e9b8a4,"access_token":"a"}' }],
  [
    'deep nesting in a known field',
    { path: '/item/remove', body: `{"access_token":${'['.repeat(5000)}${']'.repeat(5000)}}` },
  ],
  ['a number out of range', { path: '/transfer/list', body: '{"count":1e400}' }],
  ['an encoded slash in the path', { path: '/item%2fremove', body: '{"access_token":"a"}' }],
  [
    'more fields than the limit',
    { path: '/item/remove', body: `{${Array.from({ length: 2000 }, (_, i) => `"k${i}":1`).join(',')}}` },
  ],
  [
    'more violations than are listed',
    {
      path: '/item/remove',
      body: `{"access_token":"a",${Array.from({ length: 500 }, (_, i) => `"k${i}":1`).join(',')}}`,
    },
  ],
  [
    'a missing field inside a "null or object" field',
    {
      path: '/transfer/authorization/create',
      body: JSON.stringify({
        access_token: 'access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6',
        account_id: 'BxBXxLj1m4HMXBm9WZZmCWVbPjX16EHwv99vp',
        type: 'debit',
        network: 'ach',
        amount: '12.34',
        ach_class: 'ppd',
        user: { legal_name: 'A', address: { city: 'Malakoff', region: 'NY', postal_code: '14236', country: 'US' } },
      }),
    },
  ],
  // Issue 22: strings PostgreSQL cannot store, malformed body credentials, echoed secrets.
  [
    'a NUL in the body client_id',
    { path: '/item/remove', body: '{"client_id":"x\\u0000","secret":"s","access_token":"a"}', headers: NO_HEADERS },
  ],
  ['a lone surrogate in a field', { path: '/item/remove', body: '{"access_token":"a\\ud800"}' }],
  ['a NUL in a field name', { path: '/item/remove', body: '{"access_token":"a","options":{"\\u0000":1}}' }],
  ...[42, '', null, {}, ['x']].map((value): [string, Raw] => [
    `a body client_id ${JSON.stringify(value)} with no credential headers`,
    {
      path: '/item/remove',
      body: JSON.stringify({ client_id: value, secret: 's', access_token: 'a' }),
      headers: NO_HEADERS,
    },
  ]),
  [
    'a body secret that is a number',
    { path: '/item/remove', body: '{"client_id":"c","secret":12345,"access_token":"a"}', headers: NO_HEADERS },
  ],
  ['a malformed access_token (never quoted back)', { path: '/item/remove', body: '{"access_token":42}' }],
  // Issue 22: "at most two decimal places" is x-decimal-places in the schema, so both agree.
  [
    'a Signal amount with three decimal places',
    {
      path: '/signal/evaluate',
      body: JSON.stringify({
        access_token: 'access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6',
        account_id: 'BxBXxLj1m4HMXBm9WZZmCWVbPjX16EHwv99vp',
        client_transaction_id: 'parity-decimals',
        amount: 102.051,
      }),
    },
  ],
  [
    'a payment amount with three decimal places',
    {
      path: '/payment_initiation/payment/create',
      body: JSON.stringify({
        recipient_id: 'recipient-id-sandbox-9b5a5d6f-2d8b-4f3e-8f0c-3a2b1c0d9e8f',
        reference: 'Parity',
        amount: { currency: 'GBP', value: 12.345 },
      }),
    },
  ],
];

/** Raw HTTP/1.1 exchanges fetch cannot make: an Expect, a CONNECT, another Host, a 10 MB body. */
const rawCases: [string, (port: number) => Buffer][] = [
  [
    'Expect: 999-bogus',
    (port) =>
      Buffer.from(
        `POST /item/remove HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nExpect: 999-bogus\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
      ),
  ],
  ['CONNECT', () => Buffer.from('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n')],
  [
    'a rebound Host name',
    () =>
      Buffer.from(
        'POST /item/remove HTTP/1.1\r\nHost: attacker-rebind.example\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
      ),
  ],
  [
    'a 10 MB body, sent in full before the answer is read',
    (port) =>
      Buffer.concat([
        Buffer.from(
          `POST /item/remove HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${10 * 1024 * 1024}\r\n\r\n`,
        ),
        Buffer.alloc(10 * 1024 * 1024, 0x20),
      ]),
  ],
];

let mockUrl = '';
let sandboxUrl = '';
let stop: () => Promise<void> = async () => {};

beforeAll(async () => {
  const mock = await startMock({ port: 0 });
  const sandbox = await startPinnedSandbox();
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

/** Sends `bytes` on a new connection (every byte written before reading) and parses the answer. */
async function sendRaw(base: string, bytes: (port: number) => Buffer) {
  const port = Number(new URL(base).port);
  let written: Promise<void> = Promise.resolve();
  const text = await new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
    socket.on('data', (part: string) => {
      received += part;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
    written = new Promise((done, fail) => socket.write(bytes(port), (error) => (error ? fail(error) : done())));
    written.catch(reject);
  });
  await written;
  const status = Number(text.slice(9, 12));
  const { request_id: _requestId, ...rest } = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as Record<
    string,
    unknown
  >;
  return { status, body: rest };
}

describe('the sandbox and the mock reject the same requests identically', () => {
  it.each(rawCases)('%s (raw)', async (_name, bytes) => {
    const fromSandbox = await sendRaw(sandboxUrl, bytes);
    expect(fromSandbox).toEqual(await sendRaw(mockUrl, bytes));
    expect(fromSandbox.status).toBeGreaterThanOrEqual(400);
  });

  it('quotes no malformed token back', async () => {
    const raw: Raw = { path: '/item/remove', body: '{"access_token":"not-a-token-0123456789"}' };
    const [fromSandbox, fromMock] = [await send(sandboxUrl, raw), await send(mockUrl, raw)];
    expect(fromSandbox).toEqual(fromMock);
    expect(fromSandbox.status).toBe(400);
    expect(JSON.stringify(fromSandbox.body)).not.toContain('not-a-token-0123456789');
  });

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
        ...(item.credentials === 'none'
          ? { headers: { 'SVC-CLIENT-ID': '', 'SVC-SECRET': '' } }
          : item.adminKey
            ? { headers: { [HEADER_NAMES.sandboxAdminKey]: contractAdminKey() } }
            : {}),
      };
      const [fromSandbox, fromMock] = [await send(sandboxUrl, raw), await send(mockUrl, raw)];
      expect(fromSandbox).toEqual(fromMock);
      expect(fromSandbox.status).toBe(item.expect.status);
    });
  }
});
