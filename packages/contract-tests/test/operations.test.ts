import { createClient, type SvcClient } from '@svc/client';
import {
  createDocumentValidator,
  jsonContent,
  listOperations,
  requestExamples,
  responseSchemaPointer,
} from '@svc/openapi-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractCredentials } from '../src/credentials.js';
import { loadBundledSpec } from '../src/spec.js';
import { type ContractTarget, startTarget } from '../src/target.js';

const document = loadBundledSpec();
const operations = listOperations(document);
const validator = createDocumentValidator(document);

let target: ContractTarget;
let client: SvcClient;

beforeAll(async () => {
  target = await startTarget();
  client = createClient({ ...contractCredentials(), baseUrl: target.baseUrl });
});

afterAll(async () => {
  await target?.stop();
});

describe('coverage', () => {
  it('finds operations in the bundled document', () => {
    expect(operations.length).toBeGreaterThan(0);
  });

  it('has a request example and a 200 JSON schema for every operation', () => {
    const missing = operations.flatMap((entry) => {
      const problems: string[] = [];
      if (requestExamples(document, entry).length === 0) {
        problems.push(`${entry.operationId}: no request example, so no contract case can be built`);
      }
      if (!jsonContent(document, entry.operation.responses?.['200'])?.schema) {
        problems.push(`${entry.operationId}: no 200 application/json schema to validate against`);
      }
      return problems;
    });
    expect(missing, missing.join('\n')).toEqual([]);
  });
});

for (const entry of operations) {
  describe(entry.operationId, () => {
    for (const example of requestExamples(document, entry)) {
      it(`request example "${example.name}" gets a 200 whose body matches the response schema`, async () => {
        // Operations are discovered at run time, so the path is not a literal the types can check.
        const post = client.POST as unknown as (
          path: string,
          init: { body: unknown },
        ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
        const { data, error, response } = await post(entry.path, { body: example.value });
        const context = `${entry.operationId} (POST ${entry.path}) against ${target.description}, request ${JSON.stringify(example.value)}`;
        expect(response.status, `${context}: unexpected status, body ${JSON.stringify(error ?? data)}`).toBe(200);
        const result = validator.validate(responseSchemaPointer(document, entry, '200'), data);
        expect(result.errors, `${context}: the 200 body does not match the response schema`).toEqual([]);
        expect(typeof (data as { request_id?: unknown }).request_id, `${context}: no request_id`).toBe('string');
      });
    }
  });
}
