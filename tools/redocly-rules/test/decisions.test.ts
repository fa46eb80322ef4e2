import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DECISIONS_EXTENSION } from '../src/decorators/remove-x-decisions.js';
import { ROOT } from './lint-spec-copy.js';

const SPEC = join(ROOT, 'spec');

/** Every YAML file under spec/, as a path relative to spec/. */
async function specFiles(): Promise<string[]> {
  const entries = await readdir(SPEC, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.yaml'))
    .map((entry) => relative(SPEC, join(entry.parentPath, entry.name)));
}

/** The ids listed in the `x-decisions` lists of a parsed file, with where each list stands. */
function decisionLists(node: unknown, at: string, found: [string, unknown][]): [string, unknown][] {
  if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === DECISIONS_EXTENSION) {
        found.push([at, value]);
      } else {
        decisionLists(value, `${at}/${key}`, found);
      }
    }
  }
  return found;
}

describe('x-decisions in spec/', () => {
  it('are lists of decision ids, each recorded in the decision table of spec/README.md', async () => {
    const readme = await readFile(join(SPEC, 'README.md'), 'utf8');
    const recorded = new Set([...readme.matchAll(/^\| (D-[A-Z]+-[0-9]+) \|/gm)].map((match) => match[1]));
    const lists: [string, unknown][] = [];
    for (const file of await specFiles()) {
      decisionLists(parse(await readFile(join(SPEC, file), 'utf8')), file, lists);
    }
    expect(recorded.size).toBeGreaterThan(50);
    expect(lists.length).toBeGreaterThan(100);
    const wrong = lists.filter(
      ([, ids]) =>
        !Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === 'string' && recorded.has(id)),
    );
    expect(wrong).toEqual([]);
  });
});
