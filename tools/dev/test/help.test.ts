/**
 * Every CLI of the repository answers `--help` and `-h` with its usage on stdout and exit code 0,
 * and an unknown option with one line on stderr and exit code 2. The CLIs are read from the
 * package.json files (support/entry-points.ts), so a new one is covered without touching this
 * file; EXTRA lists those that no package.json runs.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type EntryPoint, entryPoints, ROOT } from './support/entry-points.js';

/** Entry points that no package.json script runs, with what runs them. */
const EXTRA: EntryPoint[] = [
  { file: 'tools/check-generated/check-generated.mjs', source: 'tools/dev/test.mjs (npm test)' },
  { file: 'tools/dev/pnpm.mjs', source: 'run by hand: the pinned pnpm' },
  { file: 'packages/mock/scripts/bare-server.mjs', source: "the benchmarks' baseline server" },
  { file: 'packages/sandbox/bench/floor-server.mjs', source: 'packages/sandbox/bench/floor.mjs' },
  { file: 'packages/sandbox/bench/round-trips.mjs', source: 'packages/sandbox/bench/README.md' },
  { file: 'packages/sandbox/bench/round-trips-all.mjs', source: 'packages/sandbox/bench/README.md' },
  { file: '.ci/run', source: 'CI' },
];

/**
 * Entry points whose usage text is compiled (src/cli.ts → dist/cli.js): they answer only once
 * built. `npm test` builds them before this test (turbo.json: `@svc/dev-scripts#test`); a run
 * of this file alone before a build skips them.
 */
const NEEDS_BUILD: Record<string, string> = {
  'packages/mock/bin/svc-mock.js': 'packages/mock/dist/cli.js',
  'packages/sandbox/bin/svc-sandbox.js': 'packages/sandbox/dist/cli.js',
};

/** Wrappers that hand every argument but `--help` to another program, which judges its options. */
const PASSES_ARGUMENTS_ON: Record<string, string> = {
  'tools/dev/turbo.mjs': 'turbo',
  'tools/dev/pnpm.mjs': 'pnpm',
};

// Run from an empty directory: a CLI that ignored --help and did its work could not touch the
// repository through its working directory.
const cwd = mkdtempSync(join(tmpdir(), 'svc-help-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

function run(entry: EntryPoint, args: string[]) {
  const file = join(ROOT, entry.file);
  const [command, commandArgs] = /\.[cm]?js$/.test(file) ? [process.execPath, [file]] : [file, []];
  const subcommand = entry.subcommand === undefined ? [] : [entry.subcommand];
  return spawnSync(command, [...commandArgs, ...subcommand, ...args], { cwd, encoding: 'utf8', timeout: 20_000 });
}

const found = entryPoints();
// A wrapper's subcommands are the wrapped program's (`turbo.mjs run`): its help is that program's.
const all = [...found, ...EXTRA.filter((extra) => !found.some((entry) => entry.file === extra.file))].filter(
  (entry) => entry.subcommand === undefined || PASSES_ARGUMENTS_ON[entry.file] === undefined,
);
const name = (entry: EntryPoint) => [entry.file, entry.subcommand].filter(Boolean).join(' ');

it('finds the CLIs of the package.json files', () => {
  const files = found.map(name);
  expect(files).toEqual(
    expect.arrayContaining([
      'tools/codegen/src/cli.js',
      'tools/codegen/src/cli.js spec',
      'tools/release-check/src/cli.js spec-gate',
      'packages/docs/bin/svc-docs.js serve',
      'packages/mock/bin/svc-mock.js',
      'tools/dev/start.mjs',
    ]),
  );
});

describe.each(all.map((entry) => [name(entry), entry] as const))('%s', (_name, entry) => {
  const built = NEEDS_BUILD[entry.file];
  const notBuilt = built !== undefined && !existsSync(join(ROOT, built));

  it.skipIf(notBuilt)(`prints its usage with --help and -h and exits 0 (from ${entry.source})`, () => {
    const help = run(entry, ['--help']);
    expect(help.stderr).toBe('');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: \S/);
    expect(help.stdout.trim().split('\n').length).toBeGreaterThan(1);
    if (entry.subcommand !== undefined) {
      expect(help.stdout).toContain(entry.subcommand);
      expect(run({ file: entry.file, source: entry.source }, ['--help']).stdout).toContain(entry.subcommand);
    }
    const short = run(entry, ['-h']);
    expect({ status: short.status, stdout: short.stdout }).toEqual({ status: 0, stdout: help.stdout });
  });

  it.skipIf(notBuilt || PASSES_ARGUMENTS_ON[entry.file] !== undefined)(
    'refuses an unknown option with one line and exit code 2',
    () => {
      const result = run(entry, ['--no-such-option']);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(
        /^[^\n]+: unknown option '--no-such-option' \([^\n]+ --help lists the options\)\n$/,
      );
      expect(result.status).toBe(2);
    },
  );
});
