// The Node.js lines the published packages are tested on (tools/dev/node-lines.json, besides the
// pinned line of devEngines.runtime) and which published package accepts which line (its
// `engines.node`). Read by tools/dev/test-lines.mjs. Plain JS, no dependency but Node.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rootDir } from './root.mjs';

/** The Node.js versions of tools/dev/node-lines.json. */
export function testedLines(root = rootDir) {
  return JSON.parse(readFileSync(join(root, 'tools', 'dev', 'node-lines.json'), 'utf8')).lines;
}

/** [major, minor, patch] of `x.y.z` (missing parts 0). */
const parts = (version) => [...version.split('.').map(Number), 0, 0].slice(0, 3);

/**
 * Whether Node.js `version` meets an `engines.node` range. Only the form the packages use,
 * `>=x[.y[.z]]`, is read; any other throws, so a new form is not misread silently.
 * @param {string} range
 * @param {string} version
 */
export function satisfiesEngines(range, version) {
  const match = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(range.trim());
  if (!match) {
    throw new Error(`engines.node "${range}": tools/dev/test-lines.mjs reads only ">=x.y.z"`);
  }
  const [have, need] = [parts(version), parts(match[1] ?? '')];
  for (let index = 0; index < 3; index++) {
    if (have[index] !== need[index]) {
      return (have[index] ?? 0) > (need[index] ?? 0);
    }
  }
  return true;
}

/** The published packages (not private) under packages/: name and engines.node. */
export function publishedPackages(root = rootDir) {
  return readdirSync(join(root, 'packages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => JSON.parse(readFileSync(join(root, 'packages', entry.name, 'package.json'), 'utf8')))
    .filter((pkg) => pkg.private !== true)
    .map((pkg) => ({ name: pkg.name, engines: pkg.engines?.node ?? '' }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
