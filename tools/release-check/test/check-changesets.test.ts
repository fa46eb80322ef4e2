import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkChangesets, formatChangesetReport } from '../src/check-changesets.js';
import { changeset, createRepo, runGit, type ThrowawayRepo } from './throwaway-repo.js';

/** A release as `changeset version` makes it: changesets consumed, CHANGELOG.md written. */
function release(repo: ThrowawayRepo, changesets: string[], packages: string[]): void {
  for (const file of changesets) {
    repo.remove(file);
  }
  for (const dir of packages) {
    repo.write(`${dir}/CHANGELOG.md`, '# Changelog\n\n## 0.2.0\n\n- A change.\n');
  }
  repo.commit('Version packages');
}

interface Case {
  name: string;
  /** What happens after the initial commit. */
  given: (repo: ThrowawayRepo) => void;
  want: { missing: string[]; ok: boolean; since: 'root' | 'changelog'; unknown?: string[] };
}

const cases: Case[] = [
  {
    name: 'nothing changed since the first commit',
    given: () => {},
    want: { missing: [], ok: true, since: 'root' },
  },
  {
    name: 'a spec/ source changed without a changeset',
    given: (repo) => {
      repo.write('spec/paths/item@remove.yaml', 'post: {}\n');
      repo.commit('Add a path');
    },
    want: { missing: ['@svc/spec'], ok: false, since: 'root' },
  },
  {
    name: 'a spec/ source changed with a changeset for @svc/spec',
    given: (repo) => {
      repo.write('spec/paths/item@remove.yaml', 'post: {}\n');
      repo.write('.changeset/add-path.md', changeset({ '@svc/spec': 'minor' }));
      repo.commit('Add a path');
    },
    want: { missing: [], ok: true, since: 'root' },
  },
  {
    name: 'redocly.yaml (an input of the spec bundle) changed',
    given: (repo) => {
      repo.write('redocly.yaml', 'apis: {}\nrules: {}\n');
      repo.commit('Configure');
    },
    want: { missing: ['@svc/spec'], ok: false, since: 'root' },
  },
  {
    name: 'only Markdown notes in spec/ changed',
    given: (repo) => {
      repo.write('spec/README.md', '# spec\n\nMore notes.\n');
      repo.commit('Notes');
    },
    want: { missing: [], ok: true, since: 'root' },
  },
  {
    name: "only a published package's tests, benchmarks and turbo.json changed",
    given: (repo) => {
      repo.write('packages/client/test/index.test.ts', 'another test\n');
      repo.write('packages/client/bench/speed.mjs', 'bench\n');
      repo.write('packages/client/turbo.json', '{}\n');
      repo.commit('Tests');
    },
    want: { missing: [], ok: true, since: 'root' },
  },
  {
    name: 'only a private package changed',
    given: (repo) => {
      repo.write('tools/codegen/src/index.js', 'export const d = 2;\n');
      repo.commit('Tool');
    },
    want: { missing: [], ok: true, since: 'root' },
  },
  {
    name: 'two packages changed, the changeset names one',
    given: (repo) => {
      repo.write('packages/client/src/index.ts', 'export const b = 2;\n');
      repo.write('packages/mock/package.json', '{ "name": "@svc/mock", "version": "0.1.0", "bin": {} }\n');
      repo.write('.changeset/client.md', changeset({ '@svc/client': 'patch' }));
      repo.commit('Client and mock');
    },
    want: { missing: ['@svc/mock'], ok: false, since: 'root' },
  },
  {
    name: 'an uncommitted change counts (the work tree, not only HEAD)',
    given: (repo) => {
      repo.write('packages/mock/src/index.ts', 'export const c = 2;\n');
    },
    want: { missing: ['@svc/mock'], ok: false, since: 'root' },
  },
  {
    name: 'an untracked new source file counts',
    given: (repo) => {
      repo.write('packages/client/src/extra.ts', 'export const e = 1;\n');
    },
    want: { missing: ['@svc/client'], ok: false, since: 'root' },
  },
  {
    name: 'a deleted source file counts',
    given: (repo) => {
      repo.remove('packages/spec/src/index.ts');
      repo.commit('Remove');
    },
    want: { missing: ['@svc/spec'], ok: false, since: 'root' },
  },
  {
    name: 'changes released by `changeset version` need no new changeset',
    given: (repo) => {
      repo.write('packages/client/src/index.ts', 'export const b = 2;\n');
      repo.write('.changeset/client.md', changeset({ '@svc/client': 'minor' }));
      repo.commit('Client feature');
      release(repo, ['.changeset/client.md'], ['packages/client']);
    },
    want: { missing: [], ok: true, since: 'changelog' },
  },
  {
    name: 'a change after the last release needs a changeset',
    given: (repo) => {
      repo.write('packages/client/src/index.ts', 'export const b = 2;\n');
      repo.write('.changeset/client.md', changeset({ '@svc/client': 'minor' }));
      repo.commit('Client feature');
      release(repo, ['.changeset/client.md'], ['packages/client']);
      repo.write('spec/openapi.yaml', 'openapi: 3.1.0\ninfo:\n  title: T2\n  version: 0.1.0\npaths: {}\n');
      repo.commit('Retitle');
    },
    want: { missing: ['@svc/spec'], ok: false, since: 'changelog' },
  },
  {
    name: 'a changeset naming a private or unknown package fails',
    given: (repo) => {
      repo.write('.changeset/tool.md', changeset({ '@svc/codegen': 'patch', '@svc/nope': 'minor' }));
      repo.commit('Wrong changeset');
    },
    want: { missing: [], ok: false, since: 'root', unknown: ['@svc/codegen', '@svc/nope'] },
  },
];

let repo: ThrowawayRepo | undefined;
afterEach(() => {
  repo?.dispose();
  repo = undefined;
});

describe('checkChangesets', () => {
  it.each(cases)('$name', ({ given, want }) => {
    repo = createRepo();
    given(repo);
    const check = checkChangesets(repo.root);
    expect(check.missing).toEqual(want.missing);
    expect(check.unknown.map((entry) => entry.name)).toEqual(want.unknown ?? []);
    expect(check.ok).toBe(want.ok);
    expect(check.releasePoint.kind).toBe(want.since);
    const report = formatChangesetReport(check);
    for (const name of want.missing) {
      expect(report).toContain(`${name}: NO CHANGESET`);
      expect(report).toContain(`"${name}": patch`);
    }
  });

  it('names a changeset file it cannot parse', () => {
    repo = createRepo();
    repo.write('.changeset/broken.md', '---\n"@svc/spec": [minor\n---\n\nBroken.\n');
    expect(() => checkChangesets(repo?.root ?? '')).toThrow('.changeset/broken.md is not a valid changeset');
  });

  it('refuses a shallow clone in which no release can be found', () => {
    repo = createRepo();
    repo.write('packages/client/src/index.ts', 'export const b = 2;\n');
    repo.commit('Second commit');
    const cloneParent = mkdtempSync(join(tmpdir(), 'svc-release-check-shallow-'));
    try {
      const clone = join(cloneParent, 'clone');
      runGit(cloneParent, ['clone', '--quiet', '--depth', '1', `file://${repo.root}`, clone]);
      expect(() => checkChangesets(clone)).toThrow('this clone is shallow');
    } finally {
      rmSync(cloneParent, { recursive: true, force: true });
    }
  });

  it('the CLI exits 1 and prints how to add the changeset, or 0 with the report', () => {
    repo = createRepo();
    repo.write('packages/client/src/index.ts', 'export const b = 2;\n');
    repo.commit('Client change');
    const cli = fileURLToPath(new URL('../src/cli.js', import.meta.url));
    const failed = spawnSync(process.execPath, [cli, 'changesets', '--root', repo.root], { encoding: 'utf8' });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('@svc/client: NO CHANGESET (packages/client/src/index.ts)');
    expect(failed.stderr).toContain('run `pnpm changeset`');

    repo.write('.changeset/client.md', changeset({ '@svc/client': 'patch' }));
    const passed = spawnSync(process.execPath, [cli, 'changesets', '--root', repo.root], { encoding: 'utf8' });
    expect(passed.status).toBe(0);
    expect(passed.stdout).toContain('@svc/client: has a changeset');
  });
});
