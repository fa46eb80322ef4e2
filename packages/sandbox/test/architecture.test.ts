/**
 * The sandbox's architecture check: dependency-cruiser with `.dependency-cruiser.cjs` over `src`
 * finds no violation, and finds each kind of back-edge when one is planted in a copy.
 */
import { execFile } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));
const DEPCRUISE = join(PACKAGE, 'node_modules', '.bin', 'depcruise');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** Runs the check in `dir` (a package folder) and returns its violations. */
async function violations(dir: string): Promise<Violation[]> {
  const run = promisify(execFile);
  const args = ['src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'];
  let stdout: string;
  try {
    ({ stdout } = await run(DEPCRUISE, args, { cwd: dir, maxBuffer: 64 * 1024 * 1024 }));
  } catch (error) {
    // depcruise exits non-zero when it finds errors; its report is still on stdout.
    stdout = (error as { stdout: string }).stdout;
  }
  return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

describe('architecture', () => {
  it('has no dependency that breaks the rules', async () => {
    const found = await violations(PACKAGE);
    expect(found.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)).toEqual([]);
  });

  describe('refuses a planted back-edge', () => {
    const root = mkdtempSync(join(tmpdir(), 'sandbox-architecture-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    const cases: [rule: string, file: string, line: string][] = [
      ['engine-not-to-features', 'src/engine/clock.ts', "import '../features/items/index.js';"],
      ['feature-through-index', 'src/features/signal/scores.ts', "import '../items/access.js';"],
      ['nothing-imports-the-root', 'src/features/world/world.ts', "import '../../seed.js';"],
      ['schema-only-names-tables', 'src/engine/store/database.ts', "import '../../features/items/access.js';"],
      ['no-circular', 'src/features/items/calendar.ts', "import './item-reads.js';"],
    ];
    it.each(cases)('%s (%s)', async (rule, file, line) => {
      const copy = join(root, rule, 'packages', 'sandbox');
      cpSync(join(PACKAGE, 'src'), join(copy, 'src'), { recursive: true });
      for (const name of ['tsconfig.json', '.dependency-cruiser.cjs']) {
        cpSync(join(PACKAGE, name), join(copy, name));
      }
      cpSync(join(PACKAGE, '..', '..', 'tsconfig.base.json'), join(root, rule, 'tsconfig.base.json'));
      appendFileSync(join(copy, file), `\n${line}\n`);
      const found = await violations(copy);
      // A cycle is reported from any of its members; the planted file is on it.
      const ofRule = found.filter((v) => v.rule.name === rule);
      expect(ofRule.length).toBeGreaterThan(0);
      expect(JSON.stringify(ofRule)).toContain(file);
    });
  });
});
