/**
 * The changeset check on this repository: every published package changed since the last release
 * is named in a pending changeset. This is what fails CI when a changeset is forgotten.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkChangesets, formatChangesetReport } from '../src/check-changesets.js';
import { ALLOW_SHALLOW_ENV, ShallowHistoryError } from '../src/release-point.js';

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

describe('this repository', () => {
  it('has a pending changeset for every published package changed since the last release', (context) => {
    let check: ReturnType<typeof checkChangesets>;
    try {
      check = checkChangesets(repositoryRoot);
    } catch (error) {
      // Only when .ci/run could not fetch the history of a shallow clone: reported, never silent.
      if (error instanceof ShallowHistoryError && process.env[ALLOW_SHALLOW_ENV] === '1') {
        context.skip(`NOT VERIFIED: ${error.message}`);
      }
      throw error;
    }
    expect(check.ok, formatChangesetReport(check)).toBe(true);
  });
});
