/**
 * The `prepack` guard: every published package has it, and `pnpm pack` of a package that is not
 * built is refused with a message saying how to build it, instead of producing a tarball without
 * dist/. The refusal is checked end to end on copies of the real package manifests, unbuilt, in the
 * temp directory (the real packages stay built: other tests read them).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { assertBuilt, missingBuildOutputs, PREPACK_SCRIPT } from '../src/require-built.js';
import { publishedPackages } from '../src/workspace.js';

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'svc-prepack-'));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

/** A package directory in the scratch space with `manifest` and the given files. */
function packageDir(name: string, manifest: Record<string, unknown>, files: string[]): string {
  const dir = mkdtempSync(join(scratch, `${name}-`));
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest));
  for (const file of files) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), '');
  }
  return dir;
}

describe('missingBuildOutputs', () => {
  const manifest = {
    name: '@svc/x',
    exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' }, './package.json': './package.json' },
    bin: { x: './bin/x.js' },
  };
  const cases: Array<[string, string[], string[]]> = [
    ['everything built', ['dist/index.js', 'dist/index.d.ts', 'bin/x.js'], []],
    ['never built', ['bin/x.js'], ['dist/index.d.ts', 'dist/index.js']],
    ['types missing', ['dist/index.js', 'bin/x.js'], ['dist/index.d.ts']],
  ];
  it.each(cases)('%s', (name, files, want) => {
    const dir = packageDir(name.replaceAll(' ', '-'), manifest, files);
    expect(missingBuildOutputs(dir)).toEqual(want);
    if (want.length === 0) {
      expect(() => assertBuilt(dir)).not.toThrow();
    } else {
      expect(() => assertBuilt(dir)).toThrow(
        `refusing to pack @svc/x: it is not built (missing: ${want.join(', ')}). ` +
          'Build it first: `pnpm turbo run build --filter=@svc/x` (or `pnpm build`) at the repository root.',
      );
    }
  });
});

describe.each(publishedPackages(repositoryRoot).map((pkg) => [pkg.name, pkg] as const))(
  'pnpm pack of an unbuilt %s',
  (name, pkg) => {
    it('is refused by its prepack script', () => {
      const manifest = JSON.parse(readFileSync(join(repositoryRoot, pkg.dir, 'package.json'), 'utf8'));
      expect(manifest.scripts?.prepack).toBe(PREPACK_SCRIPT);

      // <scratch>/<case>/packages/<dir>/ holds the manifest and the sources but no dist/; tools/ is
      // the repository's, so the script runs exactly as in the repository.
      const root = mkdtempSync(join(scratch, 'repo-'));
      const copy = join(root, pkg.dir);
      cpSync(join(repositoryRoot, pkg.dir), copy, {
        recursive: true,
        filter: (source) => !['dist', 'node_modules', '.turbo'].includes(basename(source)),
      });
      symlinkSync(join(repositoryRoot, 'tools'), join(root, 'tools'));
      const destination = join(root, 'out');
      mkdirSync(destination);

      const packed = spawnSync('pnpm', ['pack', '--pack-destination', destination], { cwd: copy, encoding: 'utf8' });
      expect(packed.status).not.toBe(0);
      expect(packed.stderr).toContain(`prepack: refusing to pack ${name}: it is not built (missing: dist/`);
      expect(packed.stderr).toContain(`\`pnpm turbo run build --filter=${name}\``);
      expect(readdirSync(destination)).toEqual([]);
    });
  },
);
