/**
 * @module spec-gate/gate
 * The breaking-change gate: bundles the spec of the base (by default the last release point) and
 * of the revision (by default the work tree), rates every change with `redocly diff` and the
 * project's rules, and checks that the pending changesets give `@svc/spec` and `@svc/client` at
 * least the level the diff requires, and that the generated release notes are current.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pendingChangesets } from '../pending-changesets.js';
import { findReleasePoint } from '../release-point.js';
import { publishedPackages } from '../workspace.js';
import { highestImpact, rateChanges } from './rated-changes.js';
import { diffBundles } from './redocly.js';
import { GATED_PACKAGES, levelRank, pendingLevel, requiredLevel } from './release-levels.js';
import { RELEASE_NOTES_FILE, releaseNotes } from './release-notes.js';
import { commitSnapshot, resolveCommit, workTreeSnapshot } from './snapshot.js';

/** @typedef {import('./rated-changes.js').RatedChange} RatedChange */
/** @typedef {import('../release-point.js').ReleasePoint} ReleasePoint */
/** @typedef {import('./release-levels.js').Level} Level */

/**
 * The outcome of the gate.
 * @typedef {object} SpecGate
 * @property {{label: string, commit: string, releasePoint?: ReleasePoint}} base
 * @property {{label: string, commit?: string}} revision
 * @property {RatedChange[]} changes grouped, highest impact first
 * @property {'major' | 'minor' | 'patch' | 'none'} impact the highest impact
 * @property {Array<{name: string, version: string, required: Level, pending: Level, ok: boolean}>} packages
 * @property {{file: string, status: 'current' | 'missing' | 'stale' | 'not-needed' | 'not-checked', expected?: string}} notes
 * @property {boolean} ok
 */

/**
 * The version in a package manifest of the tree.
 * @param {string} tree
 * @param {string} dir
 * @returns {string}
 */
function versionIn(tree, dir) {
  const manifest = join(tree, dir, 'package.json');
  return existsSync(manifest) ? String(JSON.parse(readFileSync(manifest, 'utf8')).version ?? '0.0.0') : '0.0.0';
}

/**
 * Runs the gate on the repository at `root`.
 * @param {string} root the repository root
 * @param {{base?: string, revision?: string}} [refs] git revisions; without `base`, the last
 *   release point; without `revision`, the work tree. The release notes are checked only against
 *   the release point.
 * @returns {Promise<SpecGate>}
 */
export async function runSpecGate(root, refs = {}) {
  if (refs.revision !== undefined && refs.base === undefined) {
    throw new Error('a revision needs a base to compare with');
  }
  const workDir = mkdtempSync(join(tmpdir(), 'svc-spec-gate-'));
  try {
    const releasePoint = refs.base === undefined ? findReleasePoint(root, publishedPackages(root)) : undefined;
    const baseCommit = releasePoint?.commit ?? resolveCommit(root, /** @type {string} */ (refs.base));
    const [base, revision] = await Promise.all([
      commitSnapshot(root, baseCommit, workDir, 'base'),
      refs.revision === undefined
        ? workTreeSnapshot(root, workDir, 'revision')
        : commitSnapshot(root, resolveCommit(root, refs.revision), workDir, 'revision'),
    ]);
    const changes = rateChanges(
      await diffBundles(base.bundle, revision.bundle, workDir),
      JSON.parse(readFileSync(base.bundle, 'utf8')),
      JSON.parse(readFileSync(revision.bundle, 'utf8')),
    );
    const impact = highestImpact(changes);
    const changesets = pendingChangesets(revision.tree);
    const packages = GATED_PACKAGES.map((pkg) => {
      const version = versionIn(revision.tree, pkg.dir);
      const required = requiredLevel(impact, version, pkg.minImpact);
      const pending = pendingLevel(changesets, pkg.name);
      return { name: pkg.name, version, required, pending, ok: levelRank(pending) >= levelRank(required) };
    });
    const expected = releaseNotes(changes, packages);
    const notesPath = join(revision.tree, RELEASE_NOTES_FILE);
    const actual = existsSync(notesPath) ? readFileSync(notesPath, 'utf8') : undefined;
    /** @type {SpecGate['notes']['status']} */
    let status = 'not-checked';
    if (releasePoint) {
      if (expected === undefined) {
        status = actual === undefined ? 'not-needed' : 'stale';
      } else {
        status = actual === undefined ? 'missing' : actual === expected ? 'current' : 'stale';
      }
    }
    return {
      base: { label: base.label, commit: baseCommit, ...(releasePoint ? { releasePoint } : {}) },
      revision: { label: revision.label, ...(revision.commit ? { commit: revision.commit } : {}) },
      changes,
      impact,
      packages,
      notes: { file: RELEASE_NOTES_FILE, status, ...(expected ? { expected } : {}) },
      ok:
        packages.every((pkg) => pkg.ok) &&
        (status === 'current' || status === 'not-needed' || status === 'not-checked'),
    };
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

/**
 * Writes, rewrites or deletes the generated release notes of the work tree at `root` so that they
 * match the diff since the last release point.
 * @param {string} root
 * @returns {Promise<{file: string, action: 'written' | 'unchanged' | 'deleted' | 'none', gate: SpecGate}>}
 */
export async function writeReleaseNotes(root) {
  const gate = await runSpecGate(root);
  const path = join(root, RELEASE_NOTES_FILE);
  const { expected, status } = gate.notes;
  if (status === 'current' || status === 'not-needed') {
    return { file: RELEASE_NOTES_FILE, action: status === 'current' ? 'unchanged' : 'none', gate };
  }
  if (expected === undefined) {
    rmSync(path, { force: true });
    return { file: RELEASE_NOTES_FILE, action: 'deleted', gate };
  }
  writeFileSync(path, expected);
  return { file: RELEASE_NOTES_FILE, action: 'written', gate };
}
