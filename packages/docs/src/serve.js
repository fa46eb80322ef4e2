/**
 * @module serve
 * Serves the built reference from 127.0.0.1. The page routes with the URL hash (`#/items/itemremove`),
 * so one file answers every request for `/` or `/index.html`; the bundled spec offered for
 * download (`/openapi.yaml`, `/openapi.json`) is served from beside it; anything else is a 404.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { openapiJsonPath } from '@svc/spec';
import { SPEC_DOWNLOADS } from './downloads.js';
import { withLocalSamples } from './local-samples.js';

/**
 * A running docs server.
 * @typedef {object} DocsServer
 * @property {string} url its base URL, e.g. `http://127.0.0.1:41234/`
 * @property {string[]} requests every request path it received, in order
 * @property {() => Promise<void>} close
 */

/**
 * Starts a server on 127.0.0.1 that answers `GET /` and `GET /index.html` with `htmlPath`, and
 * `GET /openapi.yaml` and `GET /openapi.json` with those files of the same folder, when present.
 * With `options.localSandboxUrl`, the page's samples call that sandbox (see `withLocalSamples`).
 * @param {string} htmlPath the built page
 * @param {number} [port] 0 (the default) lets the system choose a free port
 * @param {{ localSandboxUrl?: string }} [options]
 * @returns {Promise<DocsServer>}
 */
export async function serveDocs(htmlPath, port = 0, options = {}) {
  const built = readFileSync(htmlPath);
  const html = options.localSandboxUrl
    ? Buffer.from(
        withLocalSamples(
          built.toString('utf8'),
          JSON.parse(readFileSync(openapiJsonPath, 'utf8')),
          options.localSandboxUrl,
        ),
      )
    : built;
  const page = { body: html, contentType: 'text/html; charset=utf-8' };
  /** @type {Map<string, {body: Buffer, contentType: string}>} */
  const files = new Map([
    ['/', page],
    ['/index.html', page],
  ]);
  for (const { file, contentType } of SPEC_DOWNLOADS) {
    const path = join(dirname(htmlPath), file);
    if (existsSync(path)) {
      files.set(`/${file}`, { body: readFileSync(path), contentType });
    }
  }
  /** @type {string[]} */
  const requests = [];
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    requests.push(path);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const file = files.get(path);
    if (file) {
      response.writeHead(200, { 'content-type': file.contentType, 'content-length': file.body.length });
      response.end(request.method === 'HEAD' ? undefined : file.body);
    } else {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(`not found: ${path}\n`);
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(undefined));
  });
  const address = server.address();
  if (address === null || typeof address === 'string') {
    throw new Error('the docs server has no TCP address');
  }
  return {
    url: `http://127.0.0.1:${address.port}/`,
    requests,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
