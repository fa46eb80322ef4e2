/**
 * Declares the contract suite (one `describe` per operation, one `it` per case) against a target
 * that `start` brings up; shared by the suite against the mock and the one against the sandbox.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ContractCase } from './cases/types.js';
import { type CaseTarget, runCase } from './run-case.js';
import { caseTarget, prepareSuite } from './setup.js';
import type { ContractTarget } from './target.js';

/** Declares every case of the bundled spec against the target `start` returns. */
export function defineContractSuite(start: () => Promise<ContractTarget>): void {
  const { validator, cases } = prepareSuite();
  const byOperation = new Map<string, ContractCase[]>();
  for (const item of cases) {
    byOperation.set(item.operationId, [...(byOperation.get(item.operationId) ?? []), item]);
  }
  let server: ContractTarget;
  let target: CaseTarget;

  beforeAll(async () => {
    server = await start();
    target = caseTarget(server.baseUrl, validator, !server.isMock);
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
}
