import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openapiJsonPath } from './bundled-document.js';

const dist = join(openapiJsonPath, '..');

/** What the published description must not carry: it speaks to API users, not to maintainers. */
const internal: [string, RegExp][] = [
  ['the interface specification', /interface\s+specification/i],
  ['a decision id', /\bD-[A-Z]+-[0-9]+\b/],
  ['an x-decisions list', /x-decisions/],
];

describe.each(['openapi.yaml', 'openapi.json', 'openapi.dereferenced.json'])('dist/%s', (file) => {
  const text = readFileSync(join(dist, file), 'utf8');
  it.each(internal)('never names %s', (_what, pattern) => {
    expect(text.match(pattern)?.[0]).toBeUndefined();
  });
});
