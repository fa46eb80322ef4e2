/**
 * Throwaway git repositories in the system's temp directory, shaped like this workspace:
 * pnpm-workspace.yaml, three published packages, one private tool, spec/ and .changeset/.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A throwaway repository and what can be done to it. */
export interface ThrowawayRepo {
  root: string;
  /** Writes a file (creating its directories). */
  write(file: string, content: string): void;
  /** Deletes a file. */
  remove(file: string): void;
  /** Stages everything and commits. */
  commit(message: string): void;
  /** Runs git and returns stdout. */
  git(...args: string[]): string;
  dispose(): void;
}

/** A changeset file's content naming `releases` (package → bump). */
export function changeset(releases: Record<string, string>, summary = 'A change for the changelog.'): string {
  const lines = Object.entries(releases).map(([name, type]) => `"${name}": ${type}`);
  return ['---', ...lines, '---', '', summary, ''].join('\n');
}

/** The files of a fresh workspace, relative to its root. */
export function workspaceFiles(): Record<string, string> {
  const manifest = (name: string, extra: Record<string, unknown> = {}) =>
    `${JSON.stringify({ name, version: '0.1.0', type: 'module', ...extra }, null, 2)}\n`;
  return {
    'package.json': `${JSON.stringify({ name: 'workspace', private: true }, null, 2)}\n`,
    'pnpm-workspace.yaml': 'packages:\n  - packages/*\n  - tools/*\n',
    '.gitignore': 'node_modules/\ndist/\n',
    '.changeset/README.md': '# Changesets\n',
    'redocly.yaml': 'apis: {}\n',
    'spec/openapi.yaml': 'openapi: 3.1.0\ninfo:\n  title: T\n  version: 0.1.0\npaths: {}\n',
    'spec/README.md': '# spec\n',
    'packages/spec/package.json': manifest('@svc/spec'),
    'packages/spec/src/index.ts': 'export const a = 1;\n',
    'packages/client/package.json': manifest('@svc/client'),
    'packages/client/src/index.ts': 'export const b = 1;\n',
    'packages/client/test/index.test.ts': 'test\n',
    'packages/mock/package.json': manifest('@svc/mock'),
    'packages/mock/src/index.ts': 'export const c = 1;\n',
    'tools/codegen/package.json': manifest('@svc/codegen', { private: true }),
    'tools/codegen/src/index.js': 'export const d = 1;\n',
  };
}

const GIT_IDENTITY = ['-c', 'user.name=Release Check Test', '-c', 'user.email=release-check@example.invalid'];

/** Runs git in `cwd` with a fixed identity and no signing. */
export function runGit(cwd: string, args: string[]): string {
  const result = spawnSync('git', [...GIT_IDENTITY, '-c', 'commit.gpgsign=false', ...args], {
    cwd,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`git ${args.join(' ')} failed: ${result.stderr}`);
  }
  return result.stdout;
}

/** Creates a repository with `files` committed as its first commit. */
export function createRepo(files: Record<string, string> = workspaceFiles()): ThrowawayRepo {
  const root = mkdtempSync(join(tmpdir(), 'svc-release-check-'));
  const repo: ThrowawayRepo = {
    root,
    write(file, content) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), content);
    },
    remove(file) {
      rmSync(join(root, file));
    },
    commit(message) {
      runGit(root, ['add', '--all']);
      runGit(root, ['commit', '--quiet', '--allow-empty', '-m', message]);
    },
    git: (...args) => runGit(root, args),
    dispose() {
      rmSync(root, { recursive: true, force: true });
    },
  };
  runGit(root, ['init', '--quiet', '--initial-branch=main']);
  for (const [file, content] of Object.entries(files)) {
    repo.write(file, content);
  }
  repo.commit('Initial commit');
  return repo;
}
