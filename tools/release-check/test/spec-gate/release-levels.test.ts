import { describe, expect, it } from 'vitest';
import { highestLevel, pendingLevel, requiredLevel } from '../../src/spec-gate/release-levels.js';

describe('requiredLevel', () => {
  const cases: Array<[string, Parameters<typeof requiredLevel>, string]> = [
    ['breaking below 1.0 is a minor release', ['major', '0.1.0'], 'minor'],
    ['breaking from 1.0 is a major release', ['major', '1.0.0'], 'major'],
    ['breaking at 2.3.4', ['major', '2.3.4'], 'major'],
    ['a feature below 1.0', ['minor', '0.1.0'], 'minor'],
    ['a feature from 1.0', ['minor', '1.2.0'], 'minor'],
    ['a fix', ['patch', '0.1.0'], 'patch'],
    ['no change', ['none', '0.1.0'], 'none'],
    ['a fix does not concern a package from minor on', ['patch', '0.1.0', 'minor'], 'none'],
    ['a feature concerns a package from minor on', ['minor', '0.1.0', 'minor'], 'minor'],
    ['breaking concerns a package from minor on', ['major', '1.0.0', 'minor'], 'major'],
  ];
  it.each(cases)('%s', (_name, args, want) => {
    expect(requiredLevel(...args)).toBe(want);
  });
});

describe('pendingLevel', () => {
  const changesets = [
    { releases: [{ name: '@svc/spec', type: 'patch' }] },
    {
      releases: [
        { name: '@svc/spec', type: 'minor' },
        { name: '@svc/client', type: 'patch' },
      ],
    },
    { releases: [{ name: '@svc/mock', type: 'major' }] },
  ];
  it.each([
    ['@svc/spec', 'minor'],
    ['@svc/client', 'patch'],
    ['@svc/mock', 'major'],
    ['@svc/sandbox', 'none'],
  ])('%s gets %s, the highest level any changeset names it with', (name, want) => {
    expect(pendingLevel(changesets, name)).toBe(want);
  });
});

describe('highestLevel', () => {
  it('orders none < patch < minor < major and ignores unknown levels', () => {
    expect(highestLevel([])).toBe('none');
    expect(highestLevel(['patch', 'none'])).toBe('patch');
    expect(highestLevel(['minor', 'bogus', 'patch'])).toBe('minor');
    expect(highestLevel(['minor', 'major'])).toBe('major');
  });
});
