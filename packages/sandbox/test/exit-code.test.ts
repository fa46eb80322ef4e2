/**
 * A failed test fails the run: with the package's global setup (embedded PostgreSQL, whose exit
 * hook called `process.exit(0)`), vitest exited 0 after failures, so `npm test` passed them.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const vitestBin = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');

it('a run with a failing test exits non-zero, through the global setup', () => {
  const run = spawnSync(process.execPath, [vitestBin, 'run', '--config', 'test/fixtures/exit-code/vitest.config.ts'], {
    cwd: packageDir,
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(`${run.stdout}${run.stderr}`).toContain('1 failed');
  expect(run.status).toBe(1);
}, 150_000);
