// The defects of issue 13 (found by fuzzing the mock), each checked against the running mock.
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { createDocumentValidator, type OpenApiDocument } from '@svc/openapi-kit';
import { openapiJsonPath } from '@svc/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAccessEntry } from '../src/cli.js';
import { type MockAccessEntry, type RunningMock, startMock } from '../src/index.js';

const document = JSON.parse(readFileSync(openapiJsonPath, 'utf8')) as OpenApiDocument;
const validator = createDocumentValidator(document);
const secret = 'd3c1f0e9b8a4c2d6e5f4a3b2c1d0e9f8';
const credentials = { 'SVC-CLIENT-ID': '62b4f1c9a7d3e5001a2b3c4d', 'SVC-SECRET': secret };
const accessToken = 'access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6';

let mock: RunningMock;
const log: MockAccessEntry[] = [];

beforeAll(async () => {
  mock = await startMock({ port: 0, onResponse: (entry) => log.push(entry) });
}, 60_000);

afterAll(async () => {
  await mock?.stop();
});

interface ApiErrorReply {
  status: number;
  body: {
    error_code: string;
    error_message: string;
    request_id: string;
    causes: { field?: string; header?: string; location?: string; error_code: string }[];
  };
}

async function send(path: string, body: string, headers: Record<string, string> = {}): Promise<ApiErrorReply> {
  const response = await fetch(`${mock.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...credentials, ...headers },
    body,
    signal: AbortSignal.timeout(20_000),
  });
  const reply = { status: response.status, body: (await response.json()) as ApiErrorReply['body'] };
  expect(validator.validate('#/components/schemas/ApiError', reply.body).errors).toEqual([]);
  return reply;
}

describe('issue 13 regressions, against the mock', () => {
  it('1: answers 50,000 unknown fields at once, and lists 100 of 999 unknown fields', async () => {
    const fields = (count: number) => Array.from({ length: count }, (_, index) => `"k${index}":1`).join(',');
    const huge = await send('/item/remove', `{"access_token":"${accessToken}",${fields(50_000)}}`);
    expect(huge).toMatchObject({ status: 400, body: { error_code: 'INVALID_BODY' } });
    expect(huge.body.error_message).toBe(
      'the request body has 50001 fields; this server reads at most 1000 in one object',
    );
    const many = await send('/item/remove', `{"access_token":"${accessToken}",${fields(999)}}`);
    expect(many).toMatchObject({ status: 400, body: { error_code: 'UNKNOWN_FIELDS' } });
    expect(many.body.causes).toHaveLength(100);
    expect(many.body.error_message).toMatch(/; 899 more problems are not listed \(999 in all\)$/);
    const items = await send(
      '/auth/get',
      JSON.stringify({ access_token: accessToken, options: { account_ids: Array.from({ length: 1000 }, () => 1) } }),
    );
    expect(items).toMatchObject({ status: 400, body: { error_code: 'INVALID_FIELD' } });
    expect(items.body.causes).toHaveLength(100);
  });

  it('2: answers deep nesting inside a known field with a 400 naming the field', async () => {
    for (const depth of [5_000, 100_000]) {
      const reply = await send('/item/remove', `{"access_token":${'['.repeat(depth)}${']'.repeat(depth)}}`);
      expect(reply).toMatchObject({ status: 400, body: { error_code: 'INVALID_BODY' } });
      expect(reply.body.causes).toEqual([expect.objectContaining({ field: 'access_token', location: 'body' })]);
    }
  });

  it('3: answers a request the HTTP parser rejects with the API error object and closes', async () => {
    const raw = `POST /item/remove HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`;
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(mock.port, '127.0.0.1', () => socket.write(raw));
      let received = '';
      socket.on('data', (chunk) => {
        received += chunk.toString();
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(received));
    });
    expect(text).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(text).toContain('\r\nConnection: close\r\n');
    const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as ApiErrorReply['body'];
    expect(body).toMatchObject({ error_code: 'INVALID_HEADERS', status: 400 });
    expect(validator.validate('#/components/schemas/ApiError', body).errors).toEqual([]);
  });

  it('4: never quotes the body in a JSON syntax error, nor a query string in the access log', async () => {
    const reply = await send(`/item/remove?secret=${secret}`, `{"secret":${secret},"access_token":"${accessToken}"}`);
    expect(reply.body.error_message).toBe(
      'the request body is not valid JSON: unexpected character at line 1, column 11',
    );
    expect(JSON.stringify(reply.body)).not.toContain(secret.slice(0, 6));
    const line = formatAccessEntry(log.find((entry) => entry.url.includes('?secret=')) as MockAccessEntry);
    expect(line).toMatch(/^400 POST \/item\/remove\?… \d+\.\d ms$/);
    expect(line).not.toContain(secret);
  });

  it('7: names a missing field inside a "null or object" field', async () => {
    const body = {
      access_token: accessToken,
      account_id: 'BxBXxLj1m4HMXBm9WZZmCWVbPjX16EHwv99vp',
      type: 'debit',
      network: 'ach',
      amount: '12.34',
      ach_class: 'ppd',
      user: {
        legal_name: 'Alberta Bobbeth Charleson',
        address: { city: 'Malakoff', region: 'NY', postal_code: '14236', country: 'US' },
      },
    };
    const reply = await send('/transfer/authorization/create', JSON.stringify(body));
    expect(reply.body).toMatchObject({
      error_code: 'MISSING_FIELDS',
      error_message: 'the following required fields are missing: user.address.street',
    });
  });

  it('8: gives a Prefer problem a cause naming the header', async () => {
    const reply = await send('/item/remove', JSON.stringify({ access_token: accessToken }), { Prefer: 'code=999' });
    expect(reply.body.causes).toEqual([
      expect.objectContaining({ error_code: 'INVALID_HEADERS', header: 'Prefer', location: 'header' }),
    ]);
  });

  it('9: does not route an encoded slash, and reports 1e400 as out of range', async () => {
    const encoded = await send('/item%2fremove', JSON.stringify({ access_token: accessToken }));
    expect(encoded).toMatchObject({ status: 404, body: { error_code: 'NOT_FOUND' } });
    const huge = await send('/transfer/list', '{"count":1e400}');
    expect(huge).toMatchObject({
      status: 400,
      body: {
        error_code: 'INVALID_FIELD',
        error_message:
          'count is a number out of range: it is too large to be represented (JSON numbers must fit a 64-bit double)',
      },
    });
  });
});

describe('formatAccessEntry', () => {
  it.each([
    ['/item/remove', '200 POST /item/remove 1.5 ms'],
    ['/item/remove?secret=abc&x=1', '200 POST /item/remove?… 1.5 ms'],
    ['/item/remove#frag', '200 POST /item/remove 1.5 ms'],
  ])('prints %s without query values', (url, line) => {
    expect(formatAccessEntry({ method: 'POST', url, status: 200, durationMs: 1.5 })).toBe(line);
  });
});
