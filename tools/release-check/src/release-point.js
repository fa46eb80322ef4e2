/**
 * @module release-point
 * The last release point of the repository, and the files changed since.
 *
 * A release is the commit that ran `changeset version`: it is the commit that last touched a
 * published package's CHANGELOG.md (only `changeset version` writes those). Before the first
 * release the baseline is the repository's root commit. This needs no base branch, so it works in
 * CI on a fresh clone of main as well as on a branch.
 */
import { git, splitNul } from './git.js';

/**
 * @typedef {object} ReleasePoint
 * @property {string} commit the full commit id
 * @property {'changelog' | 'root'} kind a release commit, or the root commit before any release
 * @property {string} subject the commit's subject line
 */

/** The clone is shallow and its history holds no release: the check cannot tell what changed. */
export class ShallowHistoryError extends Error {
  /** @override */
  name = 'ShallowHistoryError';
}

/**
 * Environment variable that turns a {@link ShallowHistoryError} into a loudly reported skip. Only
 * `.ci/run` sets it, after it has failed to fetch the full history itself.
 */
export const ALLOW_SHALLOW_ENV = 'SVC_RELEASE_CHECK_ALLOW_SHALLOW';

/**
 * Finds the last release point of the repository at `root`.
 * @param {string} root the repository root (a git work tree with at least one commit)
 * @param {Array<{dir: string}>} packages the published packages
 * @returns {ReleasePoint}
 */
export function findReleasePoint(root, packages) {
  const changelogs = packages.map((pkg) => `${pkg.dir}/CHANGELOG.md`);
  const release = git(root, ['log', '-1', '--format=%H', 'HEAD', '--', ...changelogs]).trim();
  if (release) {
    return { commit: release, kind: 'changelog', subject: subjectOf(root, release) };
  }
  if (git(root, ['rev-parse', '--is-shallow-repository']).trim() === 'true') {
    throw new ShallowHistoryError(
      'this clone is shallow and none of its commits touches a CHANGELOG.md, so the last release cannot be found: ' +
        'fetch the full history (git fetch --unshallow) and run the check again',
    );
  }
  // Several root commits (merged histories): the oldest one, listed last.
  const roots = git(root, ['rev-list', '--max-parents=0', 'HEAD']).split('\n').filter(Boolean);
  const first = roots.at(-1);
  if (!first) {
    throw new Error('the repository has no root commit');
  }
  return { commit: first, kind: 'root', subject: subjectOf(root, first) };
}

/**
 * @param {string} root
 * @param {string} commit
 * @returns {string}
 */
function subjectOf(root, commit) {
  return git(root, ['log', '-1', '--format=%s', commit]).trim();
}

/**
 * Files that differ between `commit` and the work tree: committed and uncommitted changes,
 * deletions, and untracked files not ignored by .gitignore. In CI the work tree is HEAD.
 * @param {string} root
 * @param {string} commit
 * @returns {string[]} paths relative to the root, sorted
 */
export function changedFilesSince(root, commit) {
  const tracked = splitNul(git(root, ['diff', '--name-only', '--no-renames', '-z', commit, '--']));
  const untracked = splitNul(git(root, ['ls-files', '--others', '--exclude-standard', '-z']));
  return [...new Set([...tracked, ...untracked])].sort();
}
