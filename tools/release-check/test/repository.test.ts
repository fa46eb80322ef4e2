/**
 * The changeset check on this repository: every published package changed since the last release
 * is named in a pending changeset. This is what fails CI when a changeset is forgotten.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkChangesets, formatChangesetReport } from '../src/check-changesets.js';

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

describe('this repository', () => {
  it('has a pending changeset for every published package changed since the last release', () => {
    const check = checkChangesets(repositoryRoot);
    expect(check.ok, formatChangesetReport(check)).toBe(true);
  });
});
