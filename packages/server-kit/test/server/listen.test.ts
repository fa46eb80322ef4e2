import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { sendJson } from '../../src/send-json.js';
import { listen, portInUseMessage } from '../../src/server/listen.js';
import { createRequestCore } from '../../src/server/request-core.js';

const openapi = { json: '{}', yaml: '{}\n' };

describe('listen', () => {
  it('serves the core on a free port and answers /healthz over HTTP', async () => {
    const server = await listen(
      createRequestCore({ service: 'svc-test', openapi, handle: (_req, res) => sendJson(res, 200, {}) }),
      { port: 0, host: '127.0.0.1' },
    );
    try {
      expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
      const response = await fetch(`${server.url}/healthz`);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: 'ok', service: 'svc-test' });
    } finally {
      await server.stop();
    }
  });

  it('names the option that chooses another port when the port is in use', async () => {
    const first = await listen((_req, res) => res.end(), { port: 0, host: '127.0.0.1' });
    try {
      await expect(
        listen((_req, res) => res.end(), { port: first.port, host: '127.0.0.1', portOption: '--mock-port' }),
      ).rejects.toThrow(portInUseMessage(first.port, '127.0.0.1', '--mock-port'));
      expect(portInUseMessage(4010, '127.0.0.1', '--mock-port')).toBe(
        'port 4010 on 127.0.0.1 is already in use: choose another with --mock-port (0 picks a free one)',
      );
    } finally {
      await first.stop();
    }
  });

  it('lets a request under way finish when stopped', async () => {
    let release: () => void = () => {};
    let arrived: () => void = () => {};
    const underWay = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const server = await listen(
      (_req, res) => {
        release = () => sendJson(res, 200, { finished: true });
        arrived();
      },
      { port: 0, host: '127.0.0.1' },
    );
    const answer = fetch(`${server.url}/slow`, { method: 'POST' });
    // Stopped once the request is under way (a fixed wait raced a busy machine's connect).
    await underWay;
    const stopped = server.stop();
    expect(server.stop()).toBe(stopped);
    release();
    expect(await (await answer).json()).toEqual({ finished: true });
    await stopped;
  });

  // Issue 22: Node answered an unknown Expect with a bodyless 417 and dropped a CONNECT unanswered.
  it.each([
    [
      'an Expect other than 100-continue',
      'POST /item/remove HTTP/1.1\r\nHost: a\r\nExpect: 999-bogus\r\nContent-Length: 2\r\n\r\n{}',
      400,
      'INVALID_HEADERS',
    ],
    ['a CONNECT', 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n', 405, 'METHOD_NOT_ALLOWED'],
  ])('answers %s with the API error object', async (_name, raw, status, code) => {
    const server = await listen((_req, res) => sendJson(res, 200, {}), { port: 0, host: '127.0.0.1' });
    try {
      const text = await new Promise<string>((resolve, reject) => {
        const socket = connect(server.port, '127.0.0.1', () => socket.write(raw));
        let received = '';
        socket.setEncoding('utf8');
        socket.setTimeout(3000, () => socket.destroy(new Error('no answer within 3 s')));
        socket.on('data', (part: string) => {
          received += part;
        });
        socket.on('error', reject);
        socket.on('end', () => resolve(received));
        socket.on('close', () => resolve(received));
      });
      expect(text).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
      expect(body).toMatchObject({ status, error_type: 'INVALID_REQUEST', error_code: code });
      expect(body.request_id).toEqual(expect.any(String));
    } finally {
      await server.stop();
    }
  });
});
