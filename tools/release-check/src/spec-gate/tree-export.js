/**
 * @module spec-gate/tree-export
 * Writes the files of a commit into a directory, straight from git's object store (`ls-tree` and
 * one `cat-file --batch`): no checkout, so the work tree, the index and other agents' edits are
 * never touched, and no `tar` is needed.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { git, splitNul } from '../git.js';

/**
 * The files of `commit` under `paths` (files or directories, relative to the repository root).
 * Paths missing from the commit are left out.
 * @param {string} root the repository root
 * @param {string} commit
 * @param {string[]} paths
 * @returns {Array<{path: string, object: string}>} sorted by path
 */
export function listTree(root, commit, paths) {
  const output = git(root, ['ls-tree', '-r', '-z', '--full-tree', commit, '--', ...paths]);
  return splitNul(output)
    .map((line) => {
      // "<mode> <type> <object>\t<path>"
      const [info = '', path = ''] = line.split('\t');
      const [, type, object = ''] = info.split(' ');
      return { type, object, path };
    })
    .filter((entry) => entry.type === 'blob')
    .map(({ path, object }) => ({ path, object }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * Writes the files of `commit` under `paths` into `dest`, keeping their relative paths.
 * @param {string} root the repository root
 * @param {string} commit
 * @param {string[]} paths files or directories relative to the root
 * @param {string} dest an existing directory
 * @returns {string[]} the written paths, relative to `dest`
 */
export function exportTree(root, commit, paths, dest) {
  const entries = listTree(root, commit, paths);
  if (entries.length === 0) {
    return [];
  }
  const result = spawnSync('git', ['cat-file', '--batch'], {
    cwd: root,
    input: `${entries.map((entry) => entry.object).join('\n')}\n`,
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.error || result.status !== 0) {
    throw new Error(`git cat-file --batch failed in ${root}: ${result.error?.message ?? result.stderr.toString()}`);
  }
  const output = result.stdout;
  let offset = 0;
  for (const entry of entries) {
    // Each object: "<object> blob <size>\n<content>\n".
    const headerEnd = output.indexOf(0x0a, offset);
    const size = Number(output.subarray(offset, headerEnd).toString('utf8').split(' ')[2]);
    const content = output.subarray(headerEnd + 1, headerEnd + 1 + size);
    offset = headerEnd + 1 + size + 1;
    mkdirSync(dirname(join(dest, entry.path)), { recursive: true });
    writeFileSync(join(dest, entry.path), content);
  }
  return entries.map((entry) => entry.path);
}
