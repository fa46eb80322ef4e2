import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exportTree, listTree } from '../../src/spec-gate/tree-export.js';
import { createRepo, type ThrowawayRepo } from '../throwaway-repo.js';

let repo: ThrowawayRepo | undefined;
let dest: string | undefined;

afterEach(() => {
  repo?.dispose();
  if (dest) {
    rmSync(dest, { recursive: true, force: true });
  }
});

describe('exportTree', () => {
  it('writes the files of a commit, not of the work tree', () => {
    repo = createRepo({ 'spec/openapi.yaml': 'v1\n', 'spec/paths/a b.yaml': 'ä\n', 'other.txt': 'x\n' });
    const first = repo.git('rev-parse', 'HEAD').trim();
    repo.write('spec/openapi.yaml', 'v2\n');
    repo.write('spec/new.yaml', 'new\n');
    repo.commit('Second');
    repo.write('spec/openapi.yaml', 'uncommitted\n');
    dest = mkdtempSync(join(tmpdir(), 'svc-tree-export-'));

    expect(exportTree(repo.root, first, ['spec', 'missing.yaml'], dest)).toEqual([
      'spec/openapi.yaml',
      'spec/paths/a b.yaml',
    ]);
    expect(readFileSync(join(dest, 'spec/openapi.yaml'), 'utf8')).toBe('v1\n');
    expect(readFileSync(join(dest, 'spec/paths/a b.yaml'), 'utf8')).toBe('ä\n');
    expect(listTree(repo.root, 'HEAD', ['spec']).map((entry) => entry.path)).toEqual([
      'spec/new.yaml',
      'spec/openapi.yaml',
      'spec/paths/a b.yaml',
    ]);
    expect(exportTree(repo.root, first, ['nothing-here'], dest)).toEqual([]);
  });
});
