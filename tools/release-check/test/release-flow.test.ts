/**
 * The release flow end to end, offline, on a throwaway copy of this workspace's shape (its root
 * package.json, pnpm-workspace.yaml, every package's package.json and the real
 * .changeset/config.json): a changeset → `changeset version` → `sync-spec-version` → commit. Then
 * the changeset check starts from that release.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkChangesets } from '../src/check-changesets.js';
import { pendingChangesets } from '../src/pending-changesets.js';
import { readInfoVersion, SPEC_PACKAGE, specVersions, syncSpecVersion } from '../src/spec-version.js';
import { workspacePackages } from '../src/workspace.js';
import { changeset, createRepo, type ThrowawayRepo } from './throwaway-repo.js';

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));
const require = createRequire(import.meta.url);
const changesetsCliDir = dirname(require.resolve('@changesets/cli/package.json'));

/** The workspace's shape: manifests and the changesets config, plus one source file per package. */
function workspaceShape(): Record<string, string> {
  const read = (file: string) => readFileSync(join(repositoryRoot, file), 'utf8');
  const files: Record<string, string> = {
    'package.json': read('package.json'),
    'pnpm-workspace.yaml': read('pnpm-workspace.yaml'),
    '.gitignore': 'node_modules/\n',
    '.changeset/config.json': read('.changeset/config.json'),
    '.changeset/README.md': '# Changesets\n',
    'spec/openapi.yaml': `openapi: 3.1.0\ninfo:\n  title: T\n  version: ${specVersions(repositoryRoot).infoVersion}\npaths: {}\n`,
  };
  for (const pkg of workspacePackages(repositoryRoot)) {
    files[`${pkg.dir}/package.json`] = read(`${pkg.dir}/package.json`);
    files[`${pkg.dir}/src/index.js`] = 'export {};\n';
  }
  return files;
}

/** `version` bumped by `type` (0.x minor bumps the minor, as changesets does). */
function bump(version: string, type: 'minor' | 'patch'): string {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  return type === 'minor' ? `${major}.${minor + 1}.0` : `${major}.${minor}.${patch + 1}`;
}

let repo: ThrowawayRepo;
const before = new Map(workspacePackages(repositoryRoot).map((pkg) => [pkg.name, pkg.version]));

beforeAll(() => {
  repo = createRepo(workspaceShape());
  // `changeset version` loads the changelog generator named in config.json from the repository.
  mkdirSync(join(repo.root, 'node_modules', '@changesets'), { recursive: true });
  symlinkSync(changesetsCliDir, join(repo.root, 'node_modules', '@changesets', 'cli'), 'dir');
  repo.write('.changeset/new-operation.md', changeset({ '@svc/spec': 'minor' }, 'Adds the `/item/get` operation.'));
  repo.commit('Add /item/get');
});

afterAll(() => {
  repo?.dispose();
});

describe('changeset version, then sync-spec-version', () => {
  it('versions the packages offline with the repository config', () => {
    const result = spawnSync(process.execPath, [join(changesetsCliDir, 'bin.js'), 'version'], {
      cwd: repo.root,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: repo.root, CI: 'true' },
    });
    expect(result.status, result.stderr).toBe(0);
    expect(pendingChangesets(repo.root)).toEqual([]);
  });

  it('bumps @svc/spec and writes its changelog entry', () => {
    const spec = workspacePackages(repo.root).find((pkg) => pkg.name === SPEC_PACKAGE.name);
    expect(spec?.version).toBe(bump(before.get(SPEC_PACKAGE.name) ?? '', 'minor'));
    const changelog = readFileSync(join(repo.root, SPEC_PACKAGE.dir, 'CHANGELOG.md'), 'utf8');
    expect(changelog).toContain(`## ${spec?.version}`);
    expect(changelog).toContain('Adds the `/item/get` operation.');
  });

  it('never versions a private package', () => {
    for (const pkg of workspacePackages(repo.root).filter((candidate) => !candidate.published)) {
      expect(pkg.version, pkg.name).toBe(before.get(pkg.name));
      expect(existsSync(join(repo.root, pkg.dir, 'CHANGELOG.md')), pkg.name).toBe(false);
    }
  });

  it('gives every bumped published package a changelog entry', () => {
    for (const pkg of workspacePackages(repo.root).filter((candidate) => candidate.published)) {
      if (pkg.version !== before.get(pkg.name)) {
        expect(readFileSync(join(repo.root, pkg.dir, 'CHANGELOG.md'), 'utf8')).toContain(`## ${pkg.version}`);
      }
    }
  });

  it('carries the new @svc/spec version into spec/openapi.yaml info.version', () => {
    const { from, to, changed } = syncSpecVersion(repo.root);
    expect(changed).toBe(true);
    expect(from).toBe(before.get(SPEC_PACKAGE.name));
    expect(readInfoVersion(readFileSync(join(repo.root, 'spec/openapi.yaml'), 'utf8'))).toBe(to);
  });

  it('makes the version commit the release point of the changeset check', () => {
    repo.commit('Version packages');
    const released = checkChangesets(repo.root);
    expect(released.releasePoint.kind).toBe('changelog');
    expect(released.releasePoint.subject).toBe('Version packages');
    expect(released.ok).toBe(true);

    repo.write('packages/client/src/index.js', 'export const next = 1;\n');
    expect(checkChangesets(repo.root).missing).toEqual(['@svc/client']);
  });
});
