/**
 * The recorder of the runner's traffic: every exchange through its fetch becomes a HAR entry in the
 * order it started, with the request and response as sent and received, except the run's secret
 * and credential headers, which never reach the file.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarRecorder, REDACTED } from '../src/har-recorder.js';

const SECRET = 'the-run-secret-0123456789';
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      const delay = req.url === '/slow' ? 50 : 0;
      setTimeout(() => {
        res.writeHead(req.url === '/slow' ? 202 : 400, { 'Content-Type': 'application/json', 'X-Api-Key': 'x' });
        res.end(JSON.stringify({ echoed: body, path: req.url }));
      }, delay);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('createHarRecorder', () => {
  it('records each exchange in the order it started, without the secret', async () => {
    const recorder = createHarRecorder({ secrets: [SECRET], now: () => new Date('2026-01-15T10:00:00.000Z') });
    const slow = recorder.fetch(
      new Request(`${baseUrl}/slow`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'SVC-CLIENT-ID': 'client', 'SVC-SECRET': SECRET },
        body: JSON.stringify({ secret: SECRET, access_token: 'access-1' }),
      }),
    );
    const fast = recorder.fetch(new Request(`${baseUrl}/fast?x=1`, { method: 'POST', body: '{}' }));
    const [slowResponse] = await Promise.all([slow, fast]);
    // The caller still reads the body the recorder read.
    expect(((await slowResponse.json()) as { path: string }).path).toBe('/slow');

    const [first, second] = recorder.entries;
    expect(recorder.entries).toHaveLength(2);
    expect(first?.request).toMatchObject({ method: 'POST', url: `${baseUrl}/slow` });
    expect(first?.request.headers).toEqual(
      expect.arrayContaining([
        { name: 'svc-client-id', value: 'client' },
        { name: 'svc-secret', value: REDACTED },
      ]),
    );
    expect(JSON.parse(first?.request.postData?.text ?? '{}')).toEqual({ secret: REDACTED, access_token: 'access-1' });
    expect(first?.response.status).toBe(202);
    expect(first?.startedDateTime).toBe('2026-01-15T10:00:00.000Z');
    expect(first?.time).toBeGreaterThanOrEqual(40);
    expect(second?.request.url).toBe(`${baseUrl}/fast?x=1`);
    expect(second?.request.queryString).toEqual([{ name: 'x', value: '1' }]);
    expect(second?.response).toMatchObject({ status: 400, statusText: 'Bad Request' });
    expect(JSON.stringify(recorder.document())).not.toContain(SECRET);
  });

  it('writes the HAR document to a file', async () => {
    const recorder = createHarRecorder();
    await recorder.fetch(new Request(`${baseUrl}/fast`, { method: 'POST', body: '{}' }));
    const path = join(mkdtempSync(join(tmpdir(), 'svc-har-')), 'nested', 'run.har');
    recorder.write(path);
    const written = JSON.parse(readFileSync(path, 'utf8')) as { log: { version: string; entries: unknown[] } };
    expect(written.log.version).toBe('1.2');
    expect(written.log.entries).toHaveLength(1);
  });
});
