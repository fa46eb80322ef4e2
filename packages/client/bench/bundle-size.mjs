// @ts-check
/**
 * Measures what the client costs a browser: the built package (dist/) bundled with esbuild the
 * way an application bundler would (ESM, minified, tree-shaken, browser platform),
 * then gzipped. Shared by the size-budget test and the benchmark.
 */
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * Bundles `code` (an ES module importing from ./dist/index.js) and returns its sizes in bytes.
 * @param {string} code
 * @returns {Promise<{ minified: number, gzipped: number }>}
 */
export async function bundleSize(code) {
  const result = await build({
    stdin: { contents: code, resolveDir: packageDir, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const output = result.outputFiles[0]?.contents ?? new Uint8Array();
  return { minified: output.length, gzipped: gzipSync(output, { level: 9 }).length };
}

/** What an application imports, for each measured case. */
export const SIZE_CASES = {
  /** Everything the package exports (client, errors, paginators, webhooks). */
  everything: "export * from './dist/index.js';",
  /** A typical client: createClient and the error guards, openapi-fetch included. */
  client: "export { createClient, isApiError, isSvcError } from './dist/index.js';",
  /** A webhook receiver: parseWebhook alone. */
  webhooks: "export { parseWebhook } from './dist/index.js';",
};
