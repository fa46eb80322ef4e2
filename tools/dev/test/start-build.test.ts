import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { publishedPackages } from '@svc/release-check';
import { describe, expect, it } from 'vitest';
import { rootDir } from '../root.mjs';
import { START_BUILD } from '../start-build.mjs';
import { plannedTasks } from '../turbo-progress.mjs';

/** The published packages of the workspace that have a build (from their package.json files). */
const builtPublished = publishedPackages(rootDir)
  .filter((pkg) => JSON.parse(readFileSync(join(rootDir, pkg.dir, 'package.json'), 'utf8')).scripts?.build)
  .map((pkg) => pkg.name);

describe("npm start's build", () => {
  it('finds the published packages to check', () => {
    expect(builtPublished).toContain('@svc/client');
  });

  it('builds every published package, so each is importable after npm start as its README says', () => {
    const planned = plannedTasks(START_BUILD);
    expect(builtPublished.filter((name) => !planned.has(`${name}#build`))).toEqual([]);
  });

  it('builds the docs it serves', () => {
    expect(plannedTasks(START_BUILD).has('@svc/docs#build')).toBe(true);
  });
});
