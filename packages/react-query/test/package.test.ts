/**
 * What the package ships: its own files and its peers only (no Node-only import, it runs in
 * browsers), and the size budget of its runtime code. Runs on dist/, so `build` must have run
 * (turbo's `test` depends on it).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const packageDir = join(import.meta.dirname, '..');
const dist = join(packageDir, 'dist');
const { peerDependencies } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
  peerDependencies: Record<string, string>;
};
const PEERS = Object.keys(peerDependencies);

/**
 * Budget in bytes, minified + gzipped, of what the bindings add to an application that already
 * has `@svc/client`, TanStack Query and React (esbuild, ESM, browser, the peers external).
 */
const BUDGET = 1_500;

/** The module specifiers a built file imports or re-exports. */
function importsOf(code: string): string[] {
  return [...code.matchAll(/^\s*(?:import|export)\s[^;]*?\bfrom\s*['"]([^'"]+)['"]/gm)].map(
    (match) => match[1] as string,
  );
}

describe('@svc/react-query package', () => {
  it('imports only its own files and its peers', () => {
    const files = readdirSync(dist).filter((name) => name.endsWith('.js') || name.endsWith('.d.ts'));
    expect(files.length).toBeGreaterThan(4);
    const foreign = files.flatMap((file) =>
      importsOf(readFileSync(join(dist, file), 'utf8'))
        .filter((specifier) => !specifier.startsWith('./') && !PEERS.includes(specifier))
        .map((specifier) => `${file}: ${specifier}`),
    );
    expect(foreign).toEqual([]);
  });

  it(`adds at most ${BUDGET} bytes (min + gzip) to an application`, async () => {
    const result = await build({
      stdin: { contents: "export * from './dist/index.js';", resolveDir: packageDir, loader: 'js' },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      external: PEERS,
      write: false,
      logLevel: 'silent',
    });
    const output = result.outputFiles[0]?.contents ?? new Uint8Array();
    const gzipped = gzipSync(output, { level: 9 }).length;
    process.stdout.write(`@svc/react-query size (min + gzip): ${gzipped} B (budget ${BUDGET} B)\n`);
    expect(gzipped).toBeGreaterThan(300);
    expect(gzipped).toBeLessThanOrEqual(BUDGET);
  });
});
