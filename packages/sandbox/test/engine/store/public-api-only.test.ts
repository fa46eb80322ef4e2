/**
 * The store machinery uses Kysely's and pg's public API only: no `getExecutor()` (internal and
 * private in Kysely 0.28), no code run from a string, no method of a library object replaced.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const STORE = fileURLToPath(new URL('../../../src/engine/store', import.meta.url));

const forbidden: [what: string, pattern: RegExp][] = [
  ["Kysely's private getExecutor()", /\bgetExecutor\s*\(/],
  ['a worker or function run from a string', /\beval\s*:\s*true|\bnew\s+Function\s*\(|\beval\s*\(/],
  ['a replaced query method', /\.query\s*=[^=]/],
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return sources(path);
    }
    return /\.(ts|js)$/.test(entry.name) ? [path] : [];
  });
}

it('finds no private member, eval or monkeypatch in src/engine/store', () => {
  const found = sources(STORE).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return forbidden.filter(([, pattern]) => pattern.test(text)).map(([what]) => `${relative(STORE, file)}: ${what}`);
  });
  expect(sources(STORE).length).toBeGreaterThan(10);
  expect(found).toEqual([]);
});
