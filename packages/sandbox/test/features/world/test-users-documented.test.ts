/**
 * The test users are data in `src/features/world/test-users.ts`; the spec (the description of
 * `/sandbox/public_token/create` and of `options.override_username`) and the sandbox README list
 * them for people in their own words. These checks keep the lists to the same users and passwords.
 */
import { readFileSync } from 'node:fs';
import { openapiJsonPath } from '@svc/spec';
import { describe, expect, it } from 'vitest';
import { TEST_USERS } from '../../../src/features/world/test-users.js';

const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
const spec = JSON.parse(readFileSync(openapiJsonPath, 'utf8')) as {
  paths: Record<string, { post: { description: string } }>;
  components: { schemas: Record<string, { properties: Record<string, { description?: string }> }> };
};

/** The `username | password` pairs of the first markdown table after `heading` in `text`. */
function pairsIn(text: string, heading: RegExp): string[] {
  const start = text.search(heading);
  expect(start, `${heading} is in the text`).toBeGreaterThanOrEqual(0);
  const rows = text
    .slice(start)
    .split('\n')
    .filter((line) => /^\| `[a-z_]+` \| `[a-z_]+` \|/.test(line));
  return rows.map((line) =>
    line
      .split('|')
      .slice(1, 3)
      .map((cell) => cell.trim().replaceAll('`', ''))
      .join('/'),
  );
}

const MODULE_PAIRS = TEST_USERS.map((user) => `${user.username}/${user.password}`);
const MODULE_NAMES = [...new Set(TEST_USERS.map((user) => user.username))];

describe('test users', () => {
  it('the spec lists the same users and passwords as the module, in its order', () => {
    const description = spec.paths['/sandbox/public_token/create']?.post.description ?? '';
    expect(pairsIn(description, /\| username \| password/)).toEqual(MODULE_PAIRS);
  });

  it('the README lists the same users and passwords as the module, in its order', () => {
    expect(pairsIn(README, /^## Test users$/m)).toEqual(MODULE_PAIRS);
  });

  it("the description of options.override_username names exactly the module's usernames", () => {
    const text =
      spec.components.schemas.SandboxPublicTokenCreateRequestOptions?.properties.override_username?.description;
    const named = [...new Set([...(text ?? '').matchAll(/`(user_[a-z_]+)`/g)].map((match) => match[1]))];
    expect(named).toEqual(MODULE_NAMES);
  });
});
