import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isJsonContentType, parseJsonObject, readJsonObjectBody } from '../src/read-body.js';
import { sendApiError, sendJson } from '../src/send-json.js';

const LIMIT = 1024;
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    void readJsonObjectBody(req, { limitBytes: LIMIT, requestId: 'req' }).then((result) =>
      result.ok ? sendJson(res, 200, { received: result.body }) : sendApiError(res, result.response),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** POSTs with a short client-side timeout: a hanging server fails the test instead of stalling it. */
async function post(body: RequestInit['body'], contentType?: string) {
  const response = await fetch(url, {
    method: 'POST',
    body,
    headers: contentType ? { 'Content-Type': contentType } : {},
    signal: AbortSignal.timeout(3000),
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('readJsonObjectBody', () => {
  it('accepts a JSON object', async () => {
    expect(await post('{"a":1}', 'application/json')).toEqual({ status: 200, body: { received: { a: 1 } } });
  });

  it('accepts application/json with charset=utf-8, in any case', async () => {
    expect((await post('{}', 'Application/JSON; charset=UTF-8')).status).toBe(200);
  });

  it.each([
    ['malformed JSON', '{"a":', 'application/json', 400, 'INVALID_BODY', 'not valid JSON'],
    ['an empty body', undefined, 'application/json', 400, 'INVALID_BODY', 'empty'],
    ['an array', '[1]', 'application/json', 400, 'INVALID_BODY', 'must be a JSON object, not an array'],
    ['null', 'null', 'application/json', 400, 'INVALID_BODY', 'not null'],
    ['a number', '42', 'application/json', 400, 'INVALID_BODY', 'not a number'],
    ['text/plain', '{"a":1}', 'text/plain', 415, 'INVALID_CONTENT_TYPE', 'not text/plain'],
    ['form data', 'a=1', 'application/x-www-form-urlencoded', 415, 'INVALID_CONTENT_TYPE', 'application/json'],
    ['another charset', '{}', 'application/json; charset=latin1', 415, 'INVALID_CONTENT_TYPE', 'application/json'],
    [
      'a body over the limit',
      JSON.stringify({ a: 'x'.repeat(LIMIT) }),
      'application/json',
      413,
      'BODY_TOO_LARGE',
      `${LIMIT} bytes`,
    ],
  ])('rejects %s quickly with the API error', async (_name, body, contentType, status, code, message) => {
    const response = await post(body, contentType);
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: code, status, request_id: 'req' });
    expect(response.body.error_message).toContain(message);
  });

  it('rejects a chunked body that grows past the limit (no Content-Length to check up front)', async () => {
    const chunk = new TextEncoder().encode(`{"a":"${'x'.repeat(LIMIT)}`);
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(chunk);
        controller.enqueue(chunk);
        controller.close();
      },
    });
    const response = await post(stream, 'application/json');
    expect(response.status).toBe(413);
    expect(response.body.error_code).toBe('BODY_TOO_LARGE');
  });

  it('rejects a body without Content-Type with 415', async () => {
    const response = await post(new Blob(['{}']));
    expect(response.status).toBe(415);
    expect(response.body.error_message).toContain('Content-Type header is missing');
  });
});

describe('parseJsonObject', () => {
  it('rejects bytes that are not UTF-8', () => {
    const result = parseJsonObject(new Uint8Array([0x7b, 0xff, 0x7d]));
    expect(result.ok ? undefined : result.response.error.error_message).toBe('the request body is not valid UTF-8');
  });
});

describe('isJsonContentType', () => {
  it.each([
    ['application/json', true],
    ['application/json;charset=utf-8', true],
    ['application/problem+json', false],
    ['text/json', false],
    [undefined, false],
  ])('%s → %s', (value, expected) => {
    expect(isJsonContentType(value)).toBe(expected);
  });
});
