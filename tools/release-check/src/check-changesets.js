/**
 * @module check-changesets
 * The changeset check: every published package whose inputs changed since the last release point
 * must be named in a pending changeset, and every changeset may name only published packages.
 */
import { changedInputs } from './package-inputs.js';
import { pendingChangesets } from './pending-changesets.js';
import { changedFilesSince, findReleasePoint } from './release-point.js';
import { publishedPackages } from './workspace.js';

/** @typedef {import('./release-point.js').ReleasePoint} ReleasePoint */

/**
 * The outcome of the check.
 * @typedef {object} ChangesetCheck
 * @property {ReleasePoint} releasePoint
 * @property {Map<string, string[]>} changed published package → its changed input files
 * @property {Set<string>} named packages named by pending changesets
 * @property {string[]} missing changed published packages no changeset names
 * @property {Array<{file: string, name: string}>} unknown changeset entries that name no published package
 * @property {boolean} ok
 */

/**
 * Runs the check on the repository at `root`.
 * @param {string} root
 * @returns {ChangesetCheck}
 */
export function checkChangesets(root) {
  const packages = publishedPackages(root);
  const releasePoint = findReleasePoint(root, packages);
  const changed = changedInputs(changedFilesSince(root, releasePoint.commit), packages);
  const changesets = pendingChangesets(root);
  const published = new Set(packages.map((pkg) => pkg.name));
  const named = new Set(changesets.flatMap((changeset) => changeset.releases.map((release) => release.name)));
  const missing = [...changed.keys()].filter((name) => !named.has(name));
  const unknown = changesets.flatMap((changeset) =>
    changeset.releases
      .filter((release) => !published.has(release.name))
      .map((release) => ({ file: changeset.file, name: release.name })),
  );
  return { releasePoint, changed, named, missing, unknown, ok: missing.length === 0 && unknown.length === 0 };
}

/**
 * A report of the check for people: the release point, what changed, and how to fix a failure.
 * @param {ChangesetCheck} check
 * @returns {string}
 */
export function formatChangesetReport(check) {
  const { releasePoint, changed, named, missing, unknown } = check;
  const since =
    releasePoint.kind === 'changelog'
      ? `the last release (${releasePoint.commit.slice(0, 12)} "${releasePoint.subject}")`
      : `the first commit (${releasePoint.commit.slice(0, 12)} "${releasePoint.subject}"; no release yet)`;
  const lines = [`release-check: published packages changed since ${since}:`];
  if (changed.size === 0) {
    lines.push('  none');
  }
  for (const [name, files] of changed) {
    const shown = files.slice(0, 5).join(', ') + (files.length > 5 ? `, and ${files.length - 5} more` : '');
    lines.push(`  ${name}: ${named.has(name) ? 'has a changeset' : 'NO CHANGESET'} (${shown})`);
  }
  for (const { file, name } of unknown) {
    lines.push(`  ${file} names "${name}", which is not a published package of this workspace`);
  }
  if (missing.length > 0) {
    lines.push(
      '',
      `Add a changeset for ${missing.join(', ')}: run \`pnpm changeset\`, or write .changeset/<short-name>.md with`,
      '---',
      ...missing.map((name) => `"${name}": patch`),
      '---',
      '',
      'One sentence for the changelog (use minor for a new feature, major for a breaking change).',
    );
  }
  if (unknown.length > 0) {
    lines.push('', 'Changesets may name only published packages (private packages are never released).');
  }
  return `${lines.join('\n')}\n`;
}
