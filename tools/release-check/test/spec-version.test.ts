import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { readInfoVersion, specVersions, syncSpecVersion, writeInfoVersion } from '../src/spec-version.js';
import { createRepo, type ThrowawayRepo } from './throwaway-repo.js';

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

describe('writeInfoVersion', () => {
  const cases: Array<[string, string, string, string]> = [
    [
      'plain value',
      'openapi: 3.1.0\ninfo:\n  title: T\n  version: 0.1.0\n',
      '0.2.0',
      'openapi: 3.1.0\ninfo:\n  title: T\n  version: 0.2.0\n',
    ],
    ['quoted value keeps its quotes', "info:\n  version: '0.1.0'\n", '1.0.0', "info:\n  version: '1.0.0'\n"],
    [
      'trailing comment kept',
      'info:\n  version: "0.1.0" # see .changeset\n',
      '0.1.1',
      'info:\n  version: "0.1.1" # see .changeset\n',
    ],
    [
      'only the direct child of info, not a nested or later version key',
      'info:\n  license:\n    version: 9.9.9\n  version: 0.1.0\ncomponents:\n  version: 0.1.0\n',
      '0.3.0',
      'info:\n  license:\n    version: 9.9.9\n  version: 0.3.0\ncomponents:\n  version: 0.1.0\n',
    ],
    ['prerelease version', 'info:\n  version: 0.1.0\n', '0.2.0-next.1', 'info:\n  version: 0.2.0-next.1\n'],
  ];
  it.each(cases)('%s', (_name, given, version, want) => {
    const output = writeInfoVersion(given, version);
    expect(output).toBe(want);
    expect(readInfoVersion(output)).toBe(version);
  });

  it.each([
    ['not a semantic version', 'info:\n  version: 0.1.0\n', 'v2', '"v2" is not a semantic version'],
    ['no info mapping', 'openapi: 3.1.0\n', '0.2.0', 'no top-level "info:" mapping'],
    ['no version line', 'info:\n  title: T\n', '0.2.0', 'no plain "version:" line'],
  ])('refuses: %s', (_name, given, version, message) => {
    expect(() => writeInfoVersion(given, version)).toThrow(message);
  });
});

describe('syncSpecVersion', () => {
  let repo: ThrowawayRepo | undefined;
  afterEach(() => {
    repo?.dispose();
    repo = undefined;
  });

  it('writes the @svc/spec version into spec/openapi.yaml, once', () => {
    repo = createRepo();
    repo.write('packages/spec/package.json', '{ "name": "@svc/spec", "version": "0.2.0" }\n');
    expect(syncSpecVersion(repo.root)).toEqual({ from: '0.1.0', to: '0.2.0', changed: true });
    expect(readFileSync(join(repo.root, 'spec/openapi.yaml'), 'utf8')).toBe(
      'openapi: 3.1.0\ninfo:\n  title: T\n  version: 0.2.0\npaths: {}\n',
    );
    expect(syncSpecVersion(repo.root)).toEqual({ from: '0.2.0', to: '0.2.0', changed: false });
  });
});

describe('this repository', () => {
  it('has spec/openapi.yaml info.version equal to the @svc/spec version', () => {
    const { packageVersion, infoVersion } = specVersions(repositoryRoot);
    expect(infoVersion, 'run `node tools/release-check/src/cli.js sync-spec-version`').toBe(packageVersion);
  });
});
