import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractCase } from '../src/cases/types.js';
import { type CaseTarget, runCase } from '../src/run-case.js';
import { caseTarget, prepareSuite } from '../src/setup.js';
import { type ContractTarget, startTarget } from '../src/target.js';

const { validator, cases } = prepareSuite();
const byOperation = new Map<string, ContractCase[]>();
for (const item of cases) {
  byOperation.set(item.operationId, [...(byOperation.get(item.operationId) ?? []), item]);
}

let server: ContractTarget;
let target: CaseTarget;

beforeAll(async () => {
  server = await startTarget();
  target = caseTarget(server.baseUrl, validator);
});

afterAll(async () => {
  await server?.stop();
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
