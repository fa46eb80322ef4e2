/**
 * The stock Prism CLI on the published bundle: `prism mock packages/spec/dist/openapi.json`, as a
 * frontend team runs it, answers every positive case of the contract suite (each request example
 * and each accepted boundary value, credentials in headers) with a 200 valid against the
 * operation's response schema, through `@svc/client`. What the CLI cannot do with the spec is
 * listed in packages/mock/README.md ("The plain Prism CLI"); the last cases pin it down. Its
 * traffic is kept as reports/prism.har.
 */
import { listOperations } from '@svc/openapi-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractCase } from '../src/cases/types.js';
import { contractAdminKey } from '../src/credentials.js';
import { createHarRecorder } from '../src/har-recorder.js';
import { startPrismCli } from '../src/prism-cli.js';
import { reportPath } from '../src/reports.js';
import { type CaseTarget, runCase } from '../src/run-case.js';
import { caseTarget, prepareSuite } from '../src/setup.js';
import type { ContractTarget } from '../src/target.js';

const { document, validator, cases } = prepareSuite();
const POSITIVE_KINDS: ReadonlySet<ContractCase['kind']> = new Set(['success', 'boundary-accepted']);
const positive = cases.filter((item) => POSITIVE_KINDS.has(item.kind));

let prism: ContractTarget | undefined;
let target: CaseTarget;
const recorder = createHarRecorder();

beforeAll(async () => {
  prism = await startPrismCli();
  // Prism checks that the admin key is there, not its value.
  target = { ...caseTarget(prism.baseUrl, validator, false, recorder.fetch), adminKey: contractAdminKey() };
});

afterAll(async () => {
  await prism?.stop();
});

describe('prism mock (the stock CLI) on the bundled spec', () => {
  it('has a positive case for every operation', () => {
    const covered = new Set(positive.filter((item) => item.kind === 'success').map((item) => item.operationId));
    const missing = listOperations(document)
      .map((entry) => entry.operationId)
      .filter((operationId) => !covered.has(operationId));
    expect(missing).toEqual([]);
  });

  it.each(positive.map((item) => [`${item.operationId}: ${item.name}`, item] as const))('%s', async (_name, item) => {
    const result = await runCase(item, target);
    expect(result.problems, `\n${result.report}\n(target: ${prism?.description})`).toEqual([]);
  });
});

describe('what the stock CLI does not do (listed in the mock README)', () => {
  const example = positive.find((item) => item.operationId === 'transferGet' && item.kind === 'success');

  it('refuses credentials sent as body fields with 401: its security check reads headers only', async () => {
    expect(example).toBeDefined();
    const { data, response } = await target.bodyClient.POST('/transfer/get', {
      body: example?.body as { transfer_id: string },
    });
    expect(response.status).toBe(401);
    expect(data).toBeUndefined();
  });

  it('lets an invalid body through with a 200: request validation is skipped on this 3.1 document', async () => {
    const { response } = await target.headersClient.POST('/transfer/get', {
      body: { transfer_id: 42, unexpected_field: true } as unknown as { transfer_id: string },
    });
    expect(response.status).toBe(200);
  });
});

describe('recorded traffic', () => {
  it("writes the run's HAR to reports/prism.har", () => {
    recorder.write(reportPath('prism', '.har'));
    expect(recorder.entries.length).toBe(positive.length + 2);
  });
});
