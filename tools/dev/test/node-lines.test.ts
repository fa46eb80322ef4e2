import { describe, expect, it } from 'vitest';
import * as lines from '../node-lines.mjs';
import { majorOf, pinnedNodeVersion } from '../node-runtime.mjs';

const { publishedPackages, satisfiesEngines, testedLines } = lines as {
  publishedPackages(): { name: string; engines: string }[];
  satisfiesEngines(range: string, version: string): boolean;
  testedLines(): string[];
};

describe('satisfiesEngines', () => {
  it.each([
    ['>=22.12', '22.23.5', true],
    ['>=22.12', '22.11.0', false],
    ['>=24.18', '22.23.5', false],
    ['>=24.18', '24.18.0', true],
    ['>=24.18', '24.22.3', true],
    ['>=24.18', '26.0.0', true],
    ['>=26', '26.12.1', true],
  ])('%s accepts %s: %s', (range, version, accepted) => {
    expect(satisfiesEngines(range, version)).toBe(accepted);
  });

  it('refuses a range form it does not read rather than misread it', () => {
    expect(() => satisfiesEngines('^22 || >=24', '22.1.0')).toThrow(/reads only ">=x.y.z"/);
  });
});

describe('the supported lines', () => {
  const pinned = pinnedNodeVersion() as string;
  const all = [...testedLines(), pinned];

  it('are exact versions, one per major line, the pinned line the highest', () => {
    for (const version of all) {
      expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    }
    const majors = all.map((version) => majorOf(version) as number);
    expect(new Set(majors).size).toBe(majors.length);
    expect(Math.max(...majors)).toBe(majorOf(pinned));
  });

  it('test every published package on its lowest line and on the pinned (highest) one', () => {
    for (const pkg of publishedPackages()) {
      expect(satisfiesEngines(pkg.engines, pinned), `${pkg.name} on ${pinned}`).toBe(true);
      const lowest = /^>=\s*(\d+)/.exec(pkg.engines)?.[1];
      expect(
        all.some((version) => String(majorOf(version)) === lowest && satisfiesEngines(pkg.engines, version)),
        `${pkg.name} (${pkg.engines}) is tested on its lowest line`,
      ).toBe(true);
    }
  });
});
