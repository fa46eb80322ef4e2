/**
 * The architecture check (`.dependency-cruiser.mjs`): the package's sources keep their
 * dependencies one way, and the check does fail on a planted back-edge (run on a copy of src/).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const CONFIG = '.dependency-cruiser.mjs';
const CRUISER = join(packageDir, 'node_modules', 'dependency-cruiser');
/** dependency-cruiser's command, as its package.json names it (version 18 renamed the file). */
const DEPCRUISE = join(
  CRUISER,
  (JSON.parse(readFileSync(join(CRUISER, 'package.json'), 'utf8')) as { bin: { depcruise: string } }).bin.depcruise,
);

/** Runs dependency-cruiser over `src` of `dir` with the package's configuration. */
function depcruise(dir: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [DEPCRUISE, 'src', '--config', CONFIG, '--output-type', 'err'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const copies: string[] = [];
afterAll(() => {
  for (const dir of copies) {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A copy of src/ and the configuration with `files` (path under src/ → content) added. */
function copyWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-mock-architecture-'));
  copies.push(dir);
  cpSync(join(packageDir, 'src'), join(dir, 'src'), { recursive: true });
  cpSync(join(packageDir, CONFIG), join(dir, CONFIG));
  for (const [path, content] of Object.entries(files)) {
    writeFileSync(join(dir, 'src', path), content);
  }
  return dir;
}

describe('architecture', () => {
  it('has no dependency that breaks a rule', () => {
    const { status, output } = depcruise(packageDir);
    expect(output).toContain('no dependency violations found');
    expect(status).toBe(0);
  });

  it.each([
    [
      'the Prism adapter importing the mock',
      {
        'prism/planted.ts':
          "import type { MockPreferences } from '../mock/prefer.js';\nexport type P = MockPreferences;\n",
      },
      'error prism-adapter-knows-no-mock: src/prism/planted.ts → src/mock/prefer.ts',
    ],
    [
      'the mock importing the command line',
      { 'mock/planted.ts': "export { DOCS } from '../cli.js';\n" },
      'error mock-knows-no-entry-points: src/mock/planted.ts → src/cli.ts',
    ],
    [
      'Prism loaded outside the adapter',
      { 'mock/planted.ts': "export * from '@stoplight/prism-http';\n" },
      'error only-the-adapter-loads-prism: src/mock/planted.ts →',
    ],
    [
      'a cycle',
      {
        'mock/planted-a.ts': "import { b } from './planted-b.js';\nexport const a = (): number => b();\n",
        'mock/planted-b.ts': "import { a } from './planted-a.js';\nexport const b = (): number => a();\n",
      },
      'error no-circular: src/mock/planted-a.ts →',
    ],
  ])('fails on %s', (_name, files, violation) => {
    const { status, output } = depcruise(copyWith(files));
    expect(output).toContain(violation);
    expect(status).not.toBe(0);
  });
});
