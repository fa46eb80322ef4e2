/**
 * Packs each published package with `pnpm pack` (after turbo built it: this package depends on
 * them, and its test task on `^build`) and checks the tarball against the package's allowlist.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { manifestTargets, type PackedPackage, packPackage, packProblems } from '../src/pack.js';
import { PACK_ALLOWLISTS } from '../src/pack-allowlists.js';
import { publishedPackages } from '../src/workspace.js';

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));
const destination = mkdtempSync(join(tmpdir(), 'svc-pack-'));
afterAll(() => {
  rmSync(destination, { recursive: true, force: true });
});

describe('packProblems', () => {
  const allowlist = {
    required: ['package.json', 'README.md', 'dist/index.js'],
    allowed: [/^dist\/[\w.-]+\.(?:js|d\.ts)$/],
  };
  const manifest = { name: '@svc/x', exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } } };
  const packed = (files: string[], extra: Record<string, unknown> = {}): PackedPackage => ({
    tarball: 'x.tgz',
    files,
    manifest: { ...manifest, ...extra },
  });
  const cases: Array<[string, PackedPackage, string[]]> = [
    ['exactly the allowed files', packed(['README.md', 'dist/index.d.ts', 'dist/index.js', 'package.json']), []],
    [
      'a test, a tsbuildinfo and a TypeScript source',
      packed([
        'README.md',
        'dist/index.js',
        'dist/index.d.ts',
        'package.json',
        'test/a.test.ts',
        'tsconfig.tsbuildinfo',
        'src/index.ts',
      ]),
      [
        'test/a.test.ts: a test, must not be published',
        'tsconfig.tsbuildinfo: TypeScript build info, must not be published',
        'src/index.ts: TypeScript source, must not be published',
      ],
    ],
    [
      'a file outside the allowlist',
      packed(['README.md', 'dist/index.d.ts', 'dist/index.js', 'notes.txt', 'package.json']),
      ['notes.txt: not in the allowlist (tools/release-check/src/pack-allowlists.js)'],
    ],
    [
      'a required file and an export target missing',
      packed(['dist/index.js', 'package.json']),
      [
        'README.md: required but missing',
        'dist/index.d.ts: named in package.json (exports/main/types/bin) but missing',
      ],
    ],
    [
      'a workspace: range left in dependencies',
      packed(['README.md', 'dist/index.d.ts', 'dist/index.js', 'package.json'], {
        dependencies: { '@svc/spec': 'workspace:^' },
      }),
      ['package.json dependencies.@svc/spec: "workspace:^" was not rewritten to a version range'],
    ],
  ];
  it.each(cases)('%s', (_name, given, want) => {
    expect(packProblems(given, allowlist)).toEqual(want);
  });

  it('reads every file target of a manifest', () => {
    expect(
      manifestTargets({
        exports: {
          '.': { types: './dist/index.d.ts', default: './dist/index.js' },
          './openapi.yaml': './dist/openapi.yaml',
        },
        bin: { 'svc-mock': './bin/svc-mock.js' },
      }),
    ).toEqual(['bin/svc-mock.js', 'dist/index.d.ts', 'dist/index.js', 'dist/openapi.yaml']);
  });
});

describe.each(publishedPackages(repositoryRoot).map((pkg) => [pkg.name, pkg] as const))(
  'pnpm pack of %s',
  (name, pkg) => {
    it('contains exactly what a consumer needs', () => {
      const allowlist = PACK_ALLOWLISTS[name];
      if (!allowlist) {
        throw new Error(`${name} is published but has no allowlist in tools/release-check/src/pack-allowlists.js`);
      }
      const packed = packPackage(join(repositoryRoot, pkg.dir), destination);
      expect(packed.manifest.name).toBe(name);
      expect(packProblems(packed, allowlist)).toEqual([]);
    });
  },
);
