/**
 * Every curl and TypeScript sample of the READMEs and of the HTML docs, run as written against a
 * fresh sandbox (reset before each sample) and the mock, on free ports: once on a sandbox started
 * at the time the spec's examples describe, and once on an aged sandbox (seeded then, read years
 * later with the default client's test clock moved on), so that no sample depends on the day it
 * runs, the sandbox's age or the client's clock. A sample marked `norun` in its fence's info
 * string is skipped, and counted in the summary.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { operationCodeSamples } from '@svc/docs';
import { type RunningMock, startMock } from '@svc/mock';
import { listOperations, type OpenApiDocument } from '@svc/openapi-kit';
import {
  createManualClock,
  DEFAULT_CLIENT,
  EXAMPLES_HOLD_UNTIL,
  EXAMPLES_TIME,
  type ManualClock,
  type RunningSandbox,
  startSandbox,
} from '@svc/sandbox';
import { openapiJsonPath } from '@svc/spec';
import { HEADER_NAMES } from '@svc/spec/headers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sample } from '../src/extract.js';
import { curlShim, readmeSamples, runSample } from '../src/index.js';

/**
 * The aged sandbox's time when its samples run: more than four years after its world was seeded
 * (at {@link EXAMPLES_TIME}), the last day the spec's example dates are promised to hold.
 */
const AGED_TIME = EXAMPLES_HOLD_UNTIL;
/** How far the default client's test clock is moved on the aged sandbox, before each sample. */
const AGED_CLIENT_ADVANCE = 'P30D';

let sandbox: RunningSandbox;
let aged: RunningSandbox;
const agedClock: ManualClock = createManualClock(EXAMPLES_TIME);
let mock: RunningMock;
// Inside the package, so that the samples' imports of @svc/* resolve as in an application.
const dir = join(import.meta.dirname, '..', '.run');
let shimDir: string;

beforeAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  shimDir = curlShim(mkdtempSync(join(dir, 'curl-')));
  [sandbox, aged, mock] = await Promise.all([
    startSandbox({ port: 0, store: { kind: 'memory' }, startTime: EXAMPLES_TIME, logger: () => {} }),
    startSandbox({ port: 0, store: { kind: 'memory' }, clock: agedClock, logger: () => {} }),
    startMock({ port: 0 }),
  ]);
});

afterAll(async () => {
  await Promise.all([sandbox?.stop(), aged?.stop(), mock?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

const document = JSON.parse(readFileSync(openapiJsonPath, 'utf8')) as OpenApiDocument;
/**
 * The tag of the operations on a client's whole world (throwaway clients, reset, snapshots): the
 * docs' samples of them name a client or snapshot no fresh sandbox has and use the docs' shared
 * client, which may not reset or snapshot; they are not run (norun). The flow runs in the READMEs'
 * samples (packages/sandbox, packages/client "Testing against the sandbox") instead.
 */
const ADMINISTRATION_TAG = 'Sandbox administration';
const docsSamples: Sample[] = listOperations(document).flatMap((entry) =>
  operationCodeSamples(document, entry).map((sample) => ({
    name: `docs ${entry.operationId} (${sample.label})`,
    kind: sample.lang === 'curl' ? ('curl' as const) : ('typescript' as const),
    source: `${sample.source}\n`,
    skip: (entry.operation.tags ?? []).includes(ADMINISTRATION_TAG),
  })),
);
const samples = [...readmeSamples(), ...docsSamples];
const skipped = samples.filter((sample) => sample.skip);

/** The aged sandbox, reset: its world seeded at the examples' time, its clock years later, the client's ahead. */
async function ageSandbox(): Promise<RunningSandbox> {
  agedClock.set(EXAMPLES_TIME);
  await aged.reset();
  agedClock.set(AGED_TIME);
  const response = await fetch(`${aged.url}/sandbox/clock/advance`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      [HEADER_NAMES.clientId]: DEFAULT_CLIENT.clientId,
      [HEADER_NAMES.secret]: DEFAULT_CLIENT.secret,
    },
    body: JSON.stringify({ duration: AGED_CLIENT_ADVANCE }),
  });
  expect(response.status, await response.text()).toBe(200);
  return aged;
}

async function check(sample: Sample, target: () => Promise<RunningSandbox>) {
  const server = await target();
  const result = await runSample(
    sample,
    {
      sandbox: server.url,
      mock: mock.url,
      clientId: DEFAULT_CLIENT.clientId,
      secret: DEFAULT_CLIENT.secret,
      webhookSecret: DEFAULT_CLIENT.webhookSecret,
      adminKey: server.adminKey,
    },
    { dir, shimDir },
  );
  expect(result.ok, `${sample.name} failed:\n${sample.source}\n${result.output}`).toBe(true);
}

describe(`samples: ${samples.length - skipped.length} run, ${skipped.length} skipped (marked norun)`, () => {
  it('finds curl and TypeScript samples in the READMEs and the docs', () => {
    const kinds = new Set(
      samples.map((sample) => `${sample.name.startsWith('docs ') ? 'docs' : 'readme'} ${sample.kind}`),
    );
    expect([...kinds].sort()).toEqual(['docs curl', 'docs typescript', 'readme curl', 'readme typescript']);
    process.stdout.write(
      `samples: ${samples.length - skipped.length} to run, ${skipped.length} skipped (norun): ${skipped.map((sample) => sample.name).join(', ') || 'none'}\n`,
    );
  });

  describe(`on a sandbox started at the examples' time (${EXAMPLES_TIME})`, () => {
    const fresh = async () => {
      await sandbox.reset();
      return sandbox;
    };
    for (const sample of samples) {
      (sample.skip ? it.skip : it)(`${sample.name} (${sample.kind})`, () => check(sample, fresh));
    }
  });

  describe(`on an aged sandbox (seeded at ${EXAMPLES_TIME}, run at ${AGED_TIME}, the client's clock ${AGED_CLIENT_ADVANCE} ahead)`, () => {
    for (const sample of samples) {
      (sample.skip ? it.skip : it)(`${sample.name} (${sample.kind})`, () => check(sample, ageSandbox));
    }
  });
});
