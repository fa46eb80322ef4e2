import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
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

  // Issue 22: the server closed while the client was still sending, so a client that sends the
  // whole body before reading (Python's http.client, curl on a slow link) got EPIPE, not the 413.
  it.each([false, true])('lets a client send 10 MB (chunked: %s) and then read the 413', async (chunked) => {
    const big = Buffer.alloc(10 * 1024 * 1024, 0x20);
    const { port } = server.address() as AddressInfo;
    for (let round = 0; round < 3; round++) {
      let written: Promise<void> = Promise.resolve();
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        socket.setTimeout(5000, () => socket.destroy(new Error('no answer within 5 s')));
        let text = '';
        socket.setEncoding('utf8');
        socket.on('data', (part: string) => {
          text += part;
        });
        socket.on('error', reject);
        socket.on('end', () => resolve(text));
        const framing = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${big.length}`;
        socket.write(`POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${framing}\r\n\r\n`);
        const body = chunked
          ? Buffer.concat([Buffer.from(`${big.length.toString(16)}\r\n`), big, Buffer.from('\r\n0\r\n\r\n')])
          : big;
        // Every byte is written (or the write fails) before the answer is read, as such clients do.
        written = new Promise((done, fail) => socket.write(body, (error) => (error ? fail(error) : done())));
        written.catch(reject);
      });
      await written;
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toContain('"error_code":"BODY_TOO_LARGE"');
    }
  });

  it('rejects a body without Content-Type with 415', async () => {
    const response = await post(new Blob(['{}']));
    expect(response.status).toBe(415);
    expect(response.body.error_message).toContain('Content-Type header is missing');
  });
});

describe('parseJsonObject', () => {
  const parse = (text: string) => parseJsonObject(new TextEncoder().encode(text), 'req');
  const errorOf = (text: string) => {
    const result = parse(text);
    if (result.ok) {
      throw new Error(`${text.slice(0, 40)} was accepted`);
    }
    return result.response.error;
  };

  it('rejects bytes that are not UTF-8', () => {
    const result = parseJsonObject(new Uint8Array([0x7b, 0xff, 0x7d]));
    expect(result.ok ? undefined : result.response.error.error_message).toBe('the request body is not valid UTF-8');
  });

  it('locates a syntax error by line and column, without quoting the body', () => {
    expect(errorOf('{\n  "secret": d3c1f0e9b8a4c2d6e5f4\n}')).toMatchObject({
      status: 400,
      error_code: 'INVALID_BODY',
      error_message: 'the request body is not valid JSON: unexpected character at line 2, column 13',
    });
  });

  // Issue 13: JSON.parse's message quoted the text around the error, so part of a secret leaked.
  it('never shows any part of a secret, wherever the syntax error is', () => {
    const secret = 'd3c1f0e9b8a4c2d6e5f4a3b2c1d0e9f8';
    const valid = `{"client_id":"a","secret":"${secret}","access_token":"access-sandbox-x"}`;
    for (let at = 0; at <= valid.length; at++) {
      for (const broken of [
        `${valid.slice(0, at)}${valid.slice(at + 1)}`,
        `${valid.slice(0, at)}x${valid.slice(at)}`,
      ]) {
        const result = parse(broken);
        if (!result.ok) {
          const shown = JSON.stringify(result.response);
          // Any 6 characters of the secret in a row: no longer part of it can show either.
          for (let from = 0; from + 6 <= secret.length; from++) {
            expect(shown).not.toContain(secret.slice(from, from + 6));
          }
          expect(shown).not.toContain('access-sandbox');
        }
      }
    }
  });

  it('rejects nesting deeper than 32 levels, naming the field, at any depth (no stack overflow)', () => {
    for (const depth of [33, 5_000, 200_000]) {
      const error = errorOf(`{"access_token":${'['.repeat(depth)}${']'.repeat(depth)}}`);
      expect(error).toMatchObject({
        status: 400,
        error_code: 'INVALID_BODY',
        error_message: 'access_token nests objects or arrays deeper than 32 levels, the most this server reads',
        causes: [expect.objectContaining({ error_code: 'INVALID_BODY', field: 'access_token', location: 'body' })],
      });
    }
    expect(parse(`{"a":${'['.repeat(31)}${']'.repeat(31)}}`).ok).toBe(true);
    expect(errorOf(`{"options":{"bacs":${'{"x":'.repeat(40)}1${'}'.repeat(40)}}}`).causes[0]?.field).toBe(
      'options.bacs.x.x.x',
    );
  });

  it.each([
    [
      '50,000 unknown fields',
      `{"access_token":"a",${Array.from({ length: 50_000 }, (_, i) => `"k${i}":1`).join(',')}}`,
      'the request body has 50001 fields; this server reads at most 1000 in one object',
      undefined,
    ],
    [
      '100,000 array items',
      `{"options":{"account_ids":[${Array.from({ length: 100_000 }, () => '1').join(',')}]}}`,
      'options.account_ids has 100000 items; this server reads at most 1000 in one array',
      'options.account_ids',
    ],
    [
      'more than 5,000 values',
      `{"a":[${Array.from({ length: 10 }, () => `[${Array.from({ length: 600 }, () => '0').join(',')}]`).join(',')}]}`,
      'the request body has more than 5000 values (fields and array items, nested ones included), the most this server reads',
      undefined,
    ],
  ])('rejects a body with %s before any validation', (_name, text, message, field) => {
    const error = errorOf(text);
    expect(error).toMatchObject({ status: 400, error_code: 'INVALID_BODY', error_message: message });
    expect(error.causes.map((cause) => cause.field)).toEqual(
      field === undefined && error.causes.length === 0 ? [] : [field],
    );
  });

  // Issue 13: 1e400 is Infinity to JSON.parse, and was reported as "got null".
  it.each([
    ['{"options":{"count":1e400}}', 'options.count'],
    ['{"amount":{"value":-1e400}}', 'amount.value'],
    ['{"account_ids":[1,1e999]}', 'account_ids[1]'],
  ])('reports the number of %s as out of range', (text, field) => {
    expect(errorOf(text)).toMatchObject({
      status: 400,
      error_code: 'INVALID_FIELD',
      error_message: `${field} is a number out of range: it is too large to be represented (JSON numbers must fit a 64-bit double)`,
      causes: [{ error_type: 'INVALID_REQUEST', error_code: 'INVALID_FIELD', field, location: 'body' }],
    });
  });

  // Issue 22: PostgreSQL refuses U+0000 in text, so a NUL in any string was a 500 there.
  it.each([
    ['{"client_id":"x\\u0000","secret":"s"}', 'client_id'],
    ['{"idempotency_key":"\\ud800"}', 'idempotency_key'],
    ['{"user":{"legal_name":"A\\udc00b"}}', 'user.legal_name'],
    ['{"account_ids":["a","b\\u0000"]}', 'account_ids[1]'],
  ])('refuses the string PostgreSQL cannot store in %s, naming %s', (text, field) => {
    expect(errorOf(text)).toMatchObject({
      status: 400,
      error_code: 'INVALID_FIELD',
      error_message: `${field} contains a character this API does not accept: U+0000 (NUL) or an unpaired UTF-16 surrogate`,
      causes: [{ error_type: 'INVALID_REQUEST', error_code: 'INVALID_FIELD', field, location: 'body' }],
    });
  });

  it('refuses a field name PostgreSQL cannot store, naming its object', () => {
    expect(errorOf('{"options":{"a\\u0000":1}}')).toMatchObject({
      status: 400,
      error_code: 'INVALID_FIELD',
      causes: [{ field: 'options' }],
    });
  });

  it('keeps paired surrogates (an emoji) and other control characters', () => {
    expect(parse('{"name":"\\ud83d\\ude00 \\u0001"}')).toMatchObject({ ok: true, body: { name: '\u{1F600} \u0001' } });
  });

  it('keeps numbers a double holds, tiny ones included', () => {
    expect(parse('{"a":1.7976931348623157e308,"b":1e-400}')).toMatchObject({
      ok: true,
      body: { a: Number.MAX_VALUE, b: 0 },
    });
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
