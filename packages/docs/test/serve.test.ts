import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDocs } from '../src/serve.js';

let folder: string;
let server: Awaited<ReturnType<typeof serveDocs>>;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'svc-docs-serve-'));
  writeFileSync(join(folder, 'index.html'), '<!DOCTYPE html><title>t</title>');
  writeFileSync(join(folder, 'openapi.yaml'), 'openapi: 3.1.0\n');
  writeFileSync(join(folder, 'openapi.json'), '{"openapi":"3.1.0"}\n');
  writeFileSync(join(folder, 'openapi.docs.json'), '{}');
  server = await serveDocs(join(folder, 'index.html'));
});

afterAll(async () => {
  await server?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('serveDocs', () => {
  it('listens on 127.0.0.1', () => {
    expect(new URL(server.url).hostname).toBe('127.0.0.1');
  });

  it.each([
    ['/', 200, 'text/html; charset=utf-8', '<!DOCTYPE html><title>t</title>'],
    ['/index.html', 200, 'text/html; charset=utf-8', '<!DOCTYPE html><title>t</title>'],
    ['/openapi.yaml', 200, 'application/yaml; charset=utf-8', 'openapi: 3.1.0\n'],
    ['/openapi.json?download=1', 200, 'application/json; charset=utf-8', '{"openapi":"3.1.0"}\n'],
    ['/openapi.docs.json', 404, 'text/plain; charset=utf-8', 'not found: /openapi.docs.json\n'],
  ])('GET %s → %i', async (path, status, contentType, body) => {
    const response = await fetch(new URL(path, server.url));
    expect([response.status, response.headers.get('content-type'), await response.text()]).toEqual([
      status,
      contentType,
      body,
    ]);
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await fetch(new URL('/openapi.yaml', server.url), { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length'), await head.text()]).toEqual([200, '15', '']);
    const post = await fetch(new URL('/openapi.yaml', server.url), { method: 'POST' });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
  });

  it('answers 404 for a download the build did not write', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'svc-docs-serve-'));
    writeFileSync(join(bare, 'index.html'), '<!DOCTYPE html>');
    const other = await serveDocs(join(bare, 'index.html'));
    try {
      expect((await fetch(new URL('/openapi.yaml', other.url))).status).toBe(404);
    } finally {
      await other.close();
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
