/**
 * The store machinery uses Kysely's and pg's public API only: no `getExecutor()` (internal and
 * private in Kysely 0.28), no code run from a string, no method of a library object replaced.
 * One exception, named here and held to one file: `postgres/statement-query.ts` subclasses pg's
 * `Query` and reads its result's internals to describe each named statement once per connection
 * (pg 8, pinned by the lockfile). Its tests run it against a real PostgreSQL and compare its rows
 * and messages with plain pg's, so an upgrade of pg that changes those internals fails them.
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

/** The one file allowed pg's `Query` and `Result` internals (see the module comment). */
const PG_INTERNALS_FILE = join('postgres', 'statement-query.ts');
const pgInternals = /\._(?:result|parsers|accumulateRows|prebuiltEmptyResultObject)\b|extends\s+PgQuery\b/;

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

it("keeps pg's Query and Result internals to statement-query.ts", () => {
  const using = sources(STORE)
    .filter((file) => pgInternals.test(readFileSync(file, 'utf8')))
    .map((file) => relative(STORE, file));
  expect(using).toEqual([PG_INTERNALS_FILE]);
});
