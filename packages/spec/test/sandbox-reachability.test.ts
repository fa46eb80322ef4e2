import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { withReachabilityTable } from '../scripts/reachability-table.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** One entry of spec/errors/sandbox-reachability.yaml. */
type Entry = { code: string; type: string } & (
  | { reachable: true; how: string; proof: string }
  | { reachable: false; why: string }
);

const catalogue = parse(readFileSync(`${root}spec/errors/catalogue.yaml`, 'utf8')) as {
  codes: { code: string; type: string }[];
};
const entries = (parse(readFileSync(`${root}spec/errors/sandbox-reachability.yaml`, 'utf8')) as { codes: Entry[] })
  .codes;
const pair = (entry: { code: string; type: string }) => `${entry.type}/${entry.code}`;

describe('the sandbox reachability table (spec/errors/sandbox-reachability.yaml)', () => {
  it('has exactly one entry per type/code pair of the catalogue, in its order', () => {
    expect(entries.map(pair)).toEqual(catalogue.codes.map(pair));
  });

  it.each(entries.filter((entry) => entry.reachable).map((entry) => [pair(entry), entry] as const))(
    '%s: says how, and its proof is a test that names the code',
    (_pair, entry) => {
      if (!entry.reachable) {
        throw new Error('filtered to reachable entries');
      }
      expect(entry.how.length).toBeGreaterThan(10);
      expect(entry.proof).toMatch(/(^packages\/[a-z-]+\/(test|src)\/)/);
      expect(existsSync(`${root}${entry.proof}`), entry.proof).toBe(true);
      expect(readFileSync(`${root}${entry.proof}`, 'utf8')).toContain(entry.code);
    },
  );

  it('says why for every entry that cannot be reached', () => {
    const unreachable = entries.filter((entry) => !entry.reachable);
    for (const entry of unreachable) {
      expect(entry.reachable === false && entry.why.length > 10, pair(entry)).toBe(true);
    }
  });

  it('is rendered, as it is now, in spec/README.md', () => {
    const readme = readFileSync(`${root}spec/README.md`, 'utf8');
    expect(withReachabilityTable(readme, entries)).toBe(readme);
  });
});
