/**
 * @module pending-changesets
 * Reads the pending changesets: `.changeset/*.md` except README.md, as `changeset version` does.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import parseChangeset from '@changesets/parse';

/**
 * A pending changeset.
 * @typedef {object} PendingChangeset
 * @property {string} file its path relative to the root, e.g. `.changeset/new-webhook.md`
 * @property {Array<{name: string, type: string}>} releases the packages it bumps
 * @property {string} summary its changelog text
 */

/**
 * The pending changesets of the repository at `root`. A changeset that cannot be parsed is an
 * error naming its file.
 * @param {string} root
 * @returns {PendingChangeset[]}
 */
export function pendingChangesets(root) {
  const dir = join(root, '.changeset');
  if (!existsSync(dir)) {
    return [];
  }
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md') && name !== 'README.md')
    .sort()
    .map((name) => {
      const file = `.changeset/${name}`;
      try {
        const { releases, summary } = parseChangeset(readFileSync(join(dir, name), 'utf8'));
        return { file, releases, summary };
      } catch (error) {
        const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
        throw new Error(`${file} is not a valid changeset: ${reason}`);
      }
    });
}
