/**
 * Checks on what the package ships: no Node-only imports (it must run in browsers), and the
 * size budget of the runtime code. Runs on dist/, so `build` must have run (turbo's `test`
 * depends on it).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleSize, SIZE_CASES } from '../bench/bundle-size.mjs';

const packageDir = join(import.meta.dirname, '..');
const dist = join(packageDir, 'dist');

/** Every file under `dir` whose name ends with `suffix`. */
function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(suffix))
    .map((name) => join(dir, name));
}

/** Code without its comments (block comments and whole-line `//` comments). */
function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

/** The module specifiers a JS/TS file imports or re-exports, statically or dynamically. */
function importsOf(source: string): string[] {
  const code = withoutComments(source);
  const patterns = [
    /^\s*(?:import|export)\s[^;]*?\bfrom\s*['"]([^'"]+)['"]/gm,
    /^\s*import\s*['"]([^'"]+)['"]/gm,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1] as string));
}

const NODE_BUILTINS = new Set(builtinModules);

describe('runs in browsers', () => {
  it('has been built', () => {
    expect(existsSync(join(dist, 'index.js')), 'run `pnpm --filter @svc/client build` first').toBe(true);
  });

  it('imports only its own files and openapi-fetch from dist/ (its one runtime dependency; the types import nothing)', () => {
    const { dependencies } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
    expect(Object.keys(dependencies)).toEqual(['openapi-fetch']);
    const js = filesUnder(dist, '.js');
    const types = filesUnder(dist, '.d.ts');
    expect(js.length + types.length).toBeGreaterThan(10);
    const foreign = (files: string[]) =>
      files.flatMap((file) =>
        importsOf(readFileSync(file, 'utf8'))
          .filter((specifier) => !specifier.startsWith('./') && !specifier.startsWith('../'))
          .map((specifier) => `${file}: ${specifier}`),
      );
    expect(foreign(js)).toEqual([`${join(dist, 'create-client.js')}: openapi-fetch`]);
    expect(foreign(types)).toEqual([]);
  });

  it('has no node: or Node built-in import in src/ or dist/', () => {
    const files = [...filesUnder(join(packageDir, 'src'), '.ts'), ...filesUnder(dist, '.js')];
    const offending = files.flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter((specifier) => specifier.startsWith('node:') || NODE_BUILTINS.has(specifier))
        .map((specifier) => `${file}: ${specifier}`),
    );
    expect(offending).toEqual([]);
  });

  it('uses no Node globals (process, Buffer, require, __dirname) in dist/', () => {
    // `@svc/client/testing` runs in test runners, not pages: it may read SVC_SANDBOX_ADMIN_KEY.
    const testing = join(dist, 'testing');
    const offending = filesUnder(dist, '.js')
      .filter((file) => !file.startsWith(testing))
      .filter((file) =>
        // Comments may mention them; code may not.
        /\b(process|Buffer|require|__dirname|__filename)\b/.test(withoutComments(readFileSync(file, 'utf8'))),
      );
    expect(offending).toEqual([]);
  });

  it('finds a Node-only import when there is one (the scan works)', () => {
    const code = [
      "import { readFile } from 'node:fs/promises';",
      "import {\n  join,\n} from 'path';",
      "import 'buffer';",
      "export * from './x.js';",
      "const table = { a: { path: '/item/import', retry: 'unsafe' } };",
      "const x = await import('crypto');",
    ].join('\n');
    expect(importsOf(code)).toEqual(['node:fs/promises', 'path', './x.js', 'buffer', 'crypto']);
  });
});

/**
 * Size budget in bytes, minified + gzipped: what an application's bundler adds (esbuild, ESM,
 * browser, tree-shaken), openapi-fetch included (about 2.3 kB of it in the bundle: its client
 * cannot be tree-shaken, so its query, path and form serializers come along). Of the client's
 * own part, the paths and retry policies of the operation table are about 0.45 kB, its paging
 * facts 0.2 kB, the paginators about 0.8 kB and the reading of error bodies 0.55 kB. Issue 27
 * asked for 7.0 kB (client) and 10 kB (everything) with openapi-fetch: `everything` holds 10 kB;
 * `client` is not there (7.23 kB, see the README, "Size and overhead", for the breakdown), so its
 * budget and that of `webhooks` are the figures measured after the fourth round of cuts (7.23 kB
 * and 2.50 kB, from 7.44 kB and 2.93 kB) with under 1 % headroom: any growth fails here.
 * Issue 35 then added 62 B (client 7,352 B, everything 10,068 B, measured) for two behaviours
 * it asked for: only the first attempt of a call carries the sandbox's fault header, and a
 * time-out while the body is still arriving names the status that came; the budgets grew by
 * that much and no more. Issue 38 added the sandbox's client and snapshot operations (their
 * paths in the operation table: client 7,387 B, everything 10,104 B, measured); the budgets grew
 * by that much, with 3 B and 1 B to spare. Its transfer lifecycle setting
 * (`/sandbox/transfer/lifecycle/update`) added one more path (client 7,398 B, everything
 * 10,116 B, measured): the budgets grew by that much, with 1 B to spare.
 * `pnpm --filter @svc/client bench` prints the same figures.
 */
const BUDGETS: Record<keyof typeof SIZE_CASES, number> = {
  everything: 10_117,
  client: 7_399,
  webhooks: 2_520,
};

describe('size budget (minified + gzipped)', () => {
  const measured: string[] = [];
  afterAll(() => {
    process.stdout.write(`@svc/client size (min + gzip): ${measured.join(', ')}\n`);
  });

  it.each(Object.entries(BUDGETS))('%s stays within its budget', async (name, budget) => {
    const { gzipped } = await bundleSize(SIZE_CASES[name as keyof typeof SIZE_CASES]);
    measured.push(`${name} ${gzipped} B (budget ${budget} B)`);
    expect(gzipped, `${name}: ${gzipped} bytes gzipped, budget ${budget}`).toBeLessThanOrEqual(budget);
    expect(gzipped).toBeGreaterThan(1000);
  });

  it('tree-shakes: a webhook receiver does not pay for the client', async () => {
    const [webhooks, everything] = await Promise.all([
      bundleSize(SIZE_CASES.webhooks),
      bundleSize(SIZE_CASES.everything),
    ]);
    expect(webhooks.gzipped).toBeLessThan(everything.gzipped / 2);
  });
});
