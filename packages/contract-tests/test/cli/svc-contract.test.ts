/**
 * The svc-contract command end to end (bin/svc-contract.mjs, run with Node as a user would, after
 * the build): against the mock with an operation selection, against the pinned sandbox read-only,
 * against the sandbox with a wrong secret (every authenticated case fails), and with usage
 * mistakes. Exit codes, the JUnit and SARIF files and the HAR are checked.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningMock, startMock } from '@svc/mock';
import type { RunningSandbox } from '@svc/sandbox';
import { EXAMPLE_CREDENTIALS } from '@svc/spec/examples';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changesNoState } from '../../src/cli/read-only.js';
import type { SarifLog } from '../../src/cli/sarif.js';
import { prepareSuite } from '../../src/setup.js';
import { startPinnedSandbox } from '../support/sandbox-target.js';

const BIN = fileURLToPath(new URL('../../bin/svc-contract.mjs', import.meta.url));
const { cases } = prepareSuite();
const credentials = ['--client-id', EXAMPLE_CREDENTIALS.clientId, '--secret', EXAMPLE_CREDENTIALS.secret];
const directory = mkdtempSync(join(tmpdir(), 'svc-contract-'));
const file = (name: string) => join(directory, name);

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the command without blocking this process, which serves the mock and the sandbox. */
function svcContract(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...process.env, SVC_CLIENT_ID: '', SVC_SECRET: '' }, maxBuffer: 64 * 1024 * 1024, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error && typeof error.code === 'number' ? error.code : error ? null : 0;
        resolve({ status: code, stdout, stderr });
      },
    );
  });
}

function junit(path: string) {
  const text = readFileSync(path, 'utf8');
  expect(XMLValidator.validate(text)).toBe(true);
  // Counting needs no entity expansion (a long report has more than the parser's default limit).
  const parsed = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    processEntities: false,
    isArray: (name) => name === 'testsuite' || name === 'testcase',
  }).parse(text);
  const testcases = parsed.testsuites.testsuite.flatMap((suite: { testcase: unknown[] }) => suite.testcase);
  return { totals: parsed.testsuites, testcases };
}

const sarif = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as SarifLog;

afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('against the mock, with --operation', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => mock?.stop());

  it('runs every case of the named operations and exits 0', async () => {
    const operations = ['institutionsSearch', 'transferGet'];
    const expected = cases.filter((item) => operations.includes(item.operationId)).length;
    const run = await svcContract([
      '--base-url',
      mock.url,
      ...credentials,
      '--mock',
      ...operations.flatMap((id) => ['--operation', id]),
      '--junit',
      file('mock.junit.xml'),
      '--sarif',
      file('mock.sarif'),
      '--har',
      file('mock.har'),
    ]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(`svc-contract: ${expected} cases of 2 operations`);
    expect(run.status).toBe(0);
    const { totals, testcases } = junit(file('mock.junit.xml'));
    expect(totals).toMatchObject({ tests: String(expected), failures: '0', skipped: '0' });
    expect(new Set(testcases.map((item: { classname: string }) => item.classname))).toEqual(new Set(operations));
    expect(sarif(file('mock.sarif')).runs[0]?.results).toEqual([]);
    const har = JSON.parse(readFileSync(file('mock.har'), 'utf8'));
    expect(har.log.entries.length).toBeGreaterThan(0);
    expect(readFileSync(file('mock.har'), 'utf8')).not.toContain(EXAMPLE_CREDENTIALS.secret);
  });
});

describe('against the pinned sandbox', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startPinnedSandbox();
  });
  afterAll(() => sandbox?.stop());

  it('--read-only runs every case of the operations that change no state, and exits 0', async () => {
    const expected = cases.filter((item) => changesNoState(item));
    const run = await svcContract([
      '--base-url',
      sandbox.url,
      ...credentials,
      '--read-only',
      '--junit',
      file('sandbox.junit.xml'),
      '--sarif',
      file('sandbox.sarif'),
    ]);
    expect(run.stderr).toBe('');
    expect(run.status, run.stdout.slice(0, 4000)).toBe(0);
    const skipped = expected.filter((item) => item.mockOnly).length;
    const { totals, testcases } = junit(file('sandbox.junit.xml'));
    expect(totals).toMatchObject({ tests: String(expected.length), failures: '0', skipped: String(skipped) });
    expect(
      testcases.every((item: { classname: string }) => expected.some((e) => e.operationId === item.classname)),
    ).toBe(true);
    expect(sarif(file('sandbox.sarif')).runs[0]?.results).toEqual([]);
  });

  it('a wrong secret fails the authenticated cases: exit 1, each one in JUnit and SARIF, the secret never written', async () => {
    const secret = 'wrong-secret-0123456789abcdef';
    const run = await svcContract([
      '--base-url',
      sandbox.url,
      '--client-id',
      EXAMPLE_CREDENTIALS.clientId,
      '--secret',
      secret,
      '--operation',
      'institutionsGet',
      '--junit',
      file('wrong.junit.xml'),
      '--sarif',
      file('wrong.sarif'),
    ]);
    expect(run.status).toBe(1);
    const selected = cases.filter((item) => item.operationId === 'institutionsGet');
    // Still passing: the case without credentials and the error examples (checked against the
    // spec). The boundary values fail: a 401 means the credentials were refused, not the value.
    const passing = selected.filter((item) => ['no-credentials', 'error-example'].includes(item.kind));
    expect(selected.some((item) => item.kind === 'boundary-accepted')).toBe(true);
    const failures = selected.length - passing.length - selected.filter((item) => item.mockOnly).length;
    const { totals } = junit(file('wrong.junit.xml'));
    expect(totals).toMatchObject({ tests: String(selected.length), failures: String(failures) });
    const results = sarif(file('wrong.sarif')).runs[0]?.results ?? [];
    expect(results).toHaveLength(failures);
    expect(results[0]?.properties.operationId).toBe('institutionsGet');
    expect(results[0]?.locations[0]?.logicalLocations[0]?.fullyQualifiedName).toMatch(/^institutionsGet\//);
    for (const text of [
      run.stdout,
      run.stderr,
      readFileSync(file('wrong.junit.xml'), 'utf8'),
      readFileSync(file('wrong.sarif'), 'utf8'),
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('usage mistakes exit 2 with one line', () => {
  it.each([
    [['--secret', 's', '--client-id', 'c'], '--base-url is required'],
    [['--base-url', 'not a url', ...credentials], '--base-url must be an absolute URL'],
    [['--base-url', 'http://127.0.0.1:9'], 'credentials are required'],
    [
      ['--base-url', 'http://127.0.0.1:9', ...credentials, '--operation', 'noSuchOperation'],
      'unknown operation "noSuchOperation"',
    ],
    [['--base-url', 'http://127.0.0.1:9', ...credentials, '--tag', 'No such tag'], 'unknown tag "No such tag"'],
    [['--base-url'], "option '--base-url <value>' argument missing"],
  ])('%j', async (args, message) => {
    const run = await svcContract(args);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^svc-contract: [^\n]+ \(svc-contract --help lists the options\)\n$/);
    expect(run.stderr).toContain(message);
  });
});
