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
    const server = await listen(
      (_req, res) => {
        release = () => sendJson(res, 200, { finished: true });
      },
      { port: 0, host: '127.0.0.1' },
    );
    const answer = fetch(`${server.url}/slow`, { method: 'POST' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stopped = server.stop();
    expect(server.stop()).toBe(stopped);
    release();
    expect(await (await answer).json()).toEqual({ finished: true });
    await stopped;
  });
});
