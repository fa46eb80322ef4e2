/**
 * The sandbox's architecture check: dependency-cruiser with `.dependency-cruiser.cjs` over `src`
 * and `test` finds no violation, and finds each kind of violation when one is planted in a copy.
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
  const args = ['src', 'test', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'];
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
  }, 120_000);

  describe('refuses a planted violation', () => {
    const root = mkdtempSync(join(tmpdir(), 'sandbox-architecture-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    const cases: [rule: string, file: string, line: string][] = [
      ['engine-not-to-features', 'src/engine/clock.ts', "import '../features/items/index.js';"],
      ['engine-not-to-features', 'src/engine/store/database.ts', "import '../../features/items/tables.js';"],
      ['features-through-engine-surface', 'src/features/signal/scores.ts', "import '../../engine/store/together.js';"],
      ['engine-not-to-its-surface', 'src/engine/webhooks/outbox.ts', "import '../index.js';"],
      ['engine-foundation-below-all', 'src/engine/ids.ts', "import './store/together.js';"],
      ['engine-store-below-services', 'src/engine/store/together.ts', "import '../webhooks/outbox.js';"],
      ['engine-http-on-top', 'src/engine/webhooks/outbox.ts', "import '../http/rate-limit.js';"],
      ['feature-through-index', 'src/features/signal/scores.ts', "import '../items/access.js';"],
      ['feature-order-institutions', 'src/features/institutions/queries.ts', "import '../items/index.js';"],
      [
        'feature-tests-through-index',
        'test/features/signal/scores.test.ts',
        "import '../../../src/features/items/access.js';",
      ],
      ['test-support-through-index', 'test/support/items.ts', "import '../../src/features/items/access.js';"],
      ['nothing-imports-the-root', 'src/features/world/world.ts', "import '../../seed.js';"],
      ['no-circular', 'src/features/items/calendar.ts', "import './item-reads.js';"],
    ];
    // Every violation planted in one copy, checked with one run: each must be reported, from its file.
    let found: Promise<Violation[]> | undefined;
    const plantedViolations = (): Promise<Violation[]> => {
      found ??= (async () => {
        const copy = join(root, 'packages', 'sandbox');
        for (const folder of ['src', 'test']) {
          cpSync(join(PACKAGE, folder), join(copy, folder), { recursive: true });
        }
        for (const name of ['tsconfig.json', '.dependency-cruiser.cjs']) {
          cpSync(join(PACKAGE, name), join(copy, name));
        }
        cpSync(join(PACKAGE, '..', '..', 'tsconfig.base.json'), join(root, 'tsconfig.base.json'));
        for (const [, file, line] of cases) {
          appendFileSync(join(copy, file), `\n${line}\n`);
        }
        return violations(copy);
      })();
      return found;
    };
    it.each(cases)(
      '%s (%s)',
      async (rule, file) => {
        // A cycle is reported from any of its members; the planted file is on it.
        const ofRule = (await plantedViolations()).filter((v) => v.rule.name === rule);
        expect(ofRule.length).toBeGreaterThan(0);
        expect(JSON.stringify(ofRule)).toContain(file);
        // The first case waits for the copy and the check (a loaded machine takes a while).
      },
      120_000,
    );
  });
});
