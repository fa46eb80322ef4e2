// Issue 13: requests Node's HTTP parser rejects got an empty body, not the API's error object.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientErrorAnswer, handleClientErrors } from '../src/client-errors.js';
import { REQUEST_ID_LENGTH } from '../src/request-id.js';

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer({ requestTimeout: 500, headersTimeout: 500, connectionsCheckingInterval: 50 }, (req, res) => {
    req.resume();
    req.on('end', () => res.end('{}'));
  });
  handleClientErrors(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Writes raw bytes (optionally leaves the request unfinished) and resolves with all it read until close. */
function exchange(raw: string): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(raw));
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false });
    }, 5000);
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
    });
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true });
    });
  });
}

function parseResponse(text: string) {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) as Record<string, unknown> };
}

const post = (headers: string, body = '') => `POST /item/remove HTTP/1.1\r\nHost: x\r\n${headers}\r\n${body}`;

describe('handleClientErrors', () => {
  it.each([
    ['a Content-Length that is not a number', post('Content-Length: abc\r\n', '{}'), 400, 'INVALID_HEADERS'],
    ['two different Content-Lengths', post('Content-Length: 2\r\nContent-Length: 3\r\n', '{}'), 400, 'INVALID_HEADERS'],
    [
      'Content-Length with Transfer-Encoding',
      post('Content-Length: 2\r\nTransfer-Encoding: chunked\r\n', '0\r\n\r\n'),
      400,
      'INVALID_HEADERS',
    ],
    ['a NUL in a header', post('X-Note: a\u0000b\r\nContent-Length: 2\r\n', '{}'), 400, 'INVALID_HEADERS'],
    ['a bare CR in a header', post('X-Note: a\rb\r\nContent-Length: 2\r\n', '{}'), 400, 'MALFORMED_REQUEST'],
    ['a space in a header name', post('X Note: b\r\nContent-Length: 2\r\n', '{}'), 400, 'INVALID_HEADERS'],
    [
      'headers over 16 KB',
      post(`X-Note: ${'a'.repeat(17_000)}\r\nContent-Length: 2\r\n`, '{}'),
      431,
      'HEADERS_TOO_LARGE',
    ],
    ['an unknown method', 'FROB /item/remove HTTP/1.1\r\nHost: x\r\n\r\n', 405, 'METHOD_NOT_ALLOWED'],
    ['a bad HTTP version', 'POST /item/remove HTTP/7.1\r\nHost: x\r\n\r\n', 400, 'MALFORMED_REQUEST'],
    [
      'a chunk size that is not hexadecimal',
      post('Transfer-Encoding: chunked\r\n', 'zz\r\n{}\r\n0\r\n\r\n'),
      400,
      'INVALID_BODY',
    ],
    ['a body that stops coming (408)', post('Content-Length: 100\r\n', '{"access_token":'), 408, 'REQUEST_TIMEOUT'],
    ['headers that stop coming (408)', 'POST /item/remove HTTP/1.1\r\nHost: x\r\n', 408, 'REQUEST_TIMEOUT'],
  ])('answers %s with the API error and closes the connection', async (_name, raw, status, code) => {
    const { text, closed } = await exchange(raw);
    expect(closed).toBe(true);
    const response = parseResponse(text);
    expect(response.status).toBe(status);
    expect(response.headers).toMatchObject({ 'content-type': 'application/json', connection: 'close' });
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify(response.body)));
    expect(response.body).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: code, status, causes: [] });
    expect(response.body.request_id).toMatch(new RegExp(`^[A-Za-z0-9]{${REQUEST_ID_LENGTH}}$`));
    expect(response.body.documentation_url).toBe(
      `https://docs.svc.example/errors/invalid-request#${code.toLowerCase()}`,
    );
  });

  it('never quotes the request, and says Allow on a 405', async () => {
    const { text } = await exchange('FROB /d3c1f0e9b8a4c2d6 HTTP/1.1\r\nSVC-SECRET: d3c1f0e9b8a4c2d6\r\n\r\n');
    expect(text).not.toContain('d3c1f0e9b8a4c2d6');
    expect(parseResponse(text).headers.allow).toBe('POST, OPTIONS');
  });

  it('keeps answering well-formed requests', async () => {
    const { text } = await exchange(post('Content-Length: 2\r\nConnection: close\r\n', '{}'));
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('words the limits from the server', () => {
    expect(clientErrorAnswer('HPE_HEADER_OVERFLOW', { maxHeaderSize: 8192 }).message).toContain('8192 bytes');
    expect(clientErrorAnswer('ERR_HTTP_REQUEST_TIMEOUT', { requestTimeoutMs: 30_000 }).message).toContain('30 s');
  });
});
