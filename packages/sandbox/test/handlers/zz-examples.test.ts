import { readFileSync } from 'node:fs';
import { openapiJsonPath } from '@svc/spec';
import { expect, it } from 'vitest';
import { operationPaths } from '../../src/generated/handlers.gen.js';
import { describeEngines } from '../support/harness.js';

const doc = JSON.parse(readFileSync(openapiJsonPath, 'utf8'));
const OPS = ['authGet','identityGet','liabilitiesGet','investmentsHoldingsGet','investmentsTransactionsGet','transactionsGet','transactionsRefresh','processorTokenCreate','processorPartnerAProcessorTokenCreate','processorPartnerBBankAccountTokenCreate','processorAuthGet','processorIdentityGet','processorBalanceGet'] as const;
describeEngines('examples', (sandbox) => {
  for (const op of OPS) {
    const path = (operationPaths as Record<string,string>)[op]!;
    const examples = doc.paths[path].post.requestBody.content['application/json'].examples;
    for (const [name, ex] of Object.entries(examples)) {
      it(`${op} ${name}`, async () => {
        const reply = await sandbox().call(op, (ex as {value: Record<string, unknown>}).value);
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      });
    }
  }
});
