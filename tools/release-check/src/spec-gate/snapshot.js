/**
 * @module spec-gate/snapshot
 * One side of the comparison: the source tree of a revision (a git commit written to a temporary
 * directory, or the work tree itself) and its spec bundled the way `@svc/spec` builds it.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { parse } from 'yaml';
import { git } from '../git.js';
import { bundleSpec } from './redocly.js';
import { GATED_PACKAGES } from './release-levels.js';
import { exportTree, listTree } from './tree-export.js';

/**
 * What a revision's tree must hold for the gate: the spec sources and their bundle configuration,
 * the pending changesets and the gated packages' manifests (their versions).
 */
const SNAPSHOT_PATHS = [
  'spec',
  'redocly.yaml',
  '.changeset',
  ...GATED_PACKAGES.map((pkg) => `${pkg.dir}/package.json`),
];

/**
 * A revision of the repository as the gate sees it.
 * @typedef {object} Snapshot
 * @property {string} label for reports: a short commit id, or `work tree`
 * @property {string | undefined} commit the full commit id; undefined for the work tree
 * @property {string} tree a directory with redocly.yaml, spec/, .changeset/ and the manifests
 * @property {string} bundle the bundled spec (JSON)
 */

/**
 * The repository-relative files a redocly.yaml needs besides spec/: each plugin's directory and
 * the nearest package.json above it (it says the plugin is an ES module).
 * @param {string} root
 * @param {string} commit
 * @returns {string[]}
 */
function pluginPaths(root, commit) {
  const config = parse(git(root, ['show', `${commit}:redocly.yaml`])) ?? {};
  /** @type {string[]} */
  const plugins = Array.isArray(config.plugins)
    ? config.plugins.filter((/** @type {unknown} */ entry) => typeof entry === 'string')
    : [];
  return plugins.flatMap((plugin) => {
    const dir = posix.dirname(posix.normalize(plugin));
    const manifests = [];
    for (let up = dir; up !== '.' && up !== '/'; up = posix.dirname(up)) {
      manifests.push(`${up}/package.json`);
    }
    const existing = new Set(listTree(root, commit, manifests).map((entry) => entry.path));
    const nearest = manifests.find((manifest) => existing.has(manifest));
    return nearest ? [dir, nearest] : [dir];
  });
}

/**
 * Resolves `ref` to a full commit id.
 * @param {string} root
 * @param {string} ref any git revision: a branch, tag, commit id, `HEAD~2`
 * @returns {string}
 */
export function resolveCommit(root, ref) {
  return git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).trim();
}

/**
 * The snapshot of commit `commit`: its files are written under `workDir/<name>/tree` and its spec
 * is bundled to `workDir/<name>.json`.
 * @param {string} root the repository root
 * @param {string} commit a full commit id
 * @param {string} workDir a temporary directory
 * @param {string} name `base` or `revision`
 * @returns {Promise<Snapshot>}
 */
export async function commitSnapshot(root, commit, workDir, name) {
  const tree = join(workDir, name, 'tree');
  mkdirSync(tree, { recursive: true });
  if (listTree(root, commit, ['redocly.yaml', 'spec/openapi.yaml']).length < 2) {
    throw new Error(`commit ${commit.slice(0, 12)} has no redocly.yaml and spec/openapi.yaml to bundle`);
  }
  exportTree(root, commit, [...SNAPSHOT_PATHS, ...pluginPaths(root, commit)], tree);
  const bundle = join(workDir, `${name}.json`);
  await bundleSpec(tree, bundle);
  return { label: commit.slice(0, 12), commit, tree, bundle };
}

/**
 * The snapshot of the work tree (committed, uncommitted and untracked files alike): the tree is
 * the repository itself; its spec is bundled to `workDir/<name>.json`.
 * @param {string} root
 * @param {string} workDir
 * @param {string} name
 * @returns {Promise<Snapshot>}
 */
export async function workTreeSnapshot(root, workDir, name) {
  if (!existsSync(join(root, 'redocly.yaml'))) {
    throw new Error(`${root} has no redocly.yaml`);
  }
  const bundle = join(workDir, `${name}.json`);
  mkdirSync(dirname(bundle), { recursive: true });
  await bundleSpec(root, bundle);
  return { label: 'work tree', commit: undefined, tree: root, bundle };
}
