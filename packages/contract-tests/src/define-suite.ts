/**
 * Declares the contract suite (one `describe` per operation, one `it` per case) against a target
 * that `start` brings up; shared by the suite against the mock and the one against the sandbox.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ContractCase } from './cases/types.js';
import { contractAdminKey, contractCredentials } from './credentials.js';
import { createHarRecorder, type HarRecorder } from './har-recorder.js';
import { type RecordedTarget, reportPath } from './reports.js';
import { type CaseTarget, runCase } from './run-case.js';
import { caseTarget, prepareSuite } from './setup.js';
import type { ContractTarget } from './target.js';
import { defineTrafficChecks } from './traffic/define-traffic-checks.js';

/** Options of {@link defineContractSuite}. */
export interface ContractSuiteOptions {
  /** Only the cases this accepts (default: every case). */
  select?: (item: ContractCase) => boolean;
  /**
   * Records the run's traffic as `reports/<record>.har` (`har-recorder.ts`), written after the
   * last case; for the mock and the sandbox, drift and coverage are then checked on it
   * (`traffic/define-traffic-checks.ts`).
   */
  record?: RecordedTarget;
}

/** Declares every case of the bundled spec (or those `options.select` accepts) against the target `start` returns. */
export function defineContractSuite(start: () => Promise<ContractTarget>, options: ContractSuiteOptions = {}): void {
  const { validator, cases: allCases } = prepareSuite();
  const cases = options.select ? allCases.filter(options.select) : allCases;
  if (cases.length === 0) {
    throw new Error('the contract suite selected no case: check its select option');
  }
  const byOperation = new Map<string, ContractCase[]>();
  for (const item of cases) {
    byOperation.set(item.operationId, [...(byOperation.get(item.operationId) ?? []), item]);
  }
  let server: ContractTarget;
  let target: CaseTarget;
  const credentials = contractCredentials();
  const adminKey = contractAdminKey();
  const recorder: HarRecorder | undefined = options.record
    ? createHarRecorder({ secrets: [credentials.secret, adminKey] })
    : undefined;

  beforeAll(async () => {
    server = await start();
    target = {
      ...caseTarget(server.baseUrl, validator, !server.isMock, recorder?.fetch, credentials),
      adminKey,
      prepare: server.prepareCase ? (item) => server.prepareCase?.(item) ?? Promise.resolve(undefined) : undefined,
    };
  });

  afterAll(async () => {
    await server?.stop();
  });

  // A stateful target starts every case from its freshly seeded world.
  beforeEach(async () => {
    await server?.reset?.();
  });

  for (const [operationId, operationCases] of byOperation) {
    describe(operationId, () => {
      for (const item of operationCases) {
        it(item.name, async (context) => {
          if (item.mockOnly && !server.isMock) {
            context.skip();
          }
          const result = await runCase(item, target);
          expect(result.problems, `\n${result.report}\n(target: ${server.description})`).toEqual([]);
        });
      }
    });
  }

  const { record } = options;
  if (recorder && record) {
    // Declared last, so it runs after every case of the file (vitest runs a file's tests in order).
    describe('recorded traffic', () => {
      it(`writes the run's HAR to reports/${record}.har`, () => {
        recorder.write(reportPath(record, '.har'));
        expect(recorder.entries.length).toBeGreaterThan(0);
      });
      if (record !== 'prism') {
        defineTrafficChecks(record, () => ({ har: reportPath(record, '.har'), baseUrl: server.baseUrl }));
      }
    });
  }
}
