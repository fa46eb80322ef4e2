/**
 * Every curl and TypeScript sample of the READMEs and of the HTML docs, run as written against a
 * fresh sandbox (reset before each sample) and the mock, on free ports. A sample marked `norun`
 * in its fence's info string is skipped, and counted in the summary.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { operationCodeSamples } from '@svc/docs';
import { type RunningMock, startMock } from '@svc/mock';
import { listOperations, type OpenApiDocument } from '@svc/openapi-kit';
import { DEFAULT_CLIENT, type RunningSandbox, startSandbox } from '@svc/sandbox';
import { openapiJsonPath } from '@svc/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sample } from '../src/extract.js';
import { curlShim, readmeSamples, runSample } from '../src/index.js';

let sandbox: RunningSandbox;
let mock: RunningMock;
// Inside the package, so that the samples' imports of @svc/* resolve as in an application.
const dir = join(import.meta.dirname, '..', '.run');
let shimDir: string;

beforeAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  shimDir = curlShim(mkdtempSync(join(dir, 'curl-')));
  [sandbox, mock] = await Promise.all([
    startSandbox({ port: 0, store: { kind: 'memory' }, logger: () => {} }),
    startMock({ port: 0 }),
  ]);
});

afterAll(async () => {
  await Promise.all([sandbox?.stop(), mock?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

const document = JSON.parse(readFileSync(openapiJsonPath, 'utf8')) as OpenApiDocument;
const docsSamples: Sample[] = listOperations(document).flatMap((entry) =>
  operationCodeSamples(document, entry).map((sample) => ({
    name: `docs ${entry.operationId} (${sample.label})`,
    kind: sample.lang === 'curl' ? ('curl' as const) : ('typescript' as const),
    source: `${sample.source}\n`,
    skip: false,
  })),
);
const samples = [...readmeSamples(), ...docsSamples];
const skipped = samples.filter((sample) => sample.skip);

async function check(sample: Sample) {
  await sandbox.reset();
  const result = await runSample(
    sample,
    {
      sandbox: sandbox.url,
      mock: mock.url,
      clientId: DEFAULT_CLIENT.clientId,
      secret: DEFAULT_CLIENT.secret,
      webhookSecret: DEFAULT_CLIENT.webhookSecret,
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

  for (const sample of samples) {
    (sample.skip ? it.skip : it)(`${sample.name} (${sample.kind})`, () => check(sample));
  }
});
