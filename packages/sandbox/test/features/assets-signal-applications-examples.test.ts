/**
 * Every request example of the spec for the operations of asset reports, signal, employers,
 * connected applications and sandbox verification succeeds against a freshly seeded sandbox: the
 * docs' examples work as written.
 */
import { readFileSync } from 'node:fs';
import { openapiJsonPath } from '@svc/spec';
import { expect, it } from 'vitest';
import type { OperationId } from '../../src/generated/handlers.gen.js';
import { describeEngines } from '../support/harness.js';

const OPERATIONS: readonly OperationId[] = [
  'sandboxAssetReportCreate',
  'assetReportAuditCopyCreate',
  'assetReportAuditCopyGet',
  'assetReportAuditCopyRemove',
  'signalEvaluate',
  'signalReturnReport',
  'employersSearch',
  'sandboxItemSetVerificationStatus',
  'applicationGet',
  'itemApplicationList',
  'itemApplicationScopesUpdate',
];

interface Operation {
  operationId: string;
  requestBody: { content: { 'application/json': { examples: Record<string, { value: Record<string, unknown> }> } } };
}

const document = JSON.parse(readFileSync(openapiJsonPath, 'utf8')) as { paths: Record<string, { post: Operation }> };
const examples = Object.values(document.paths)
  .map((path) => path.post)
  .filter((operation) => OPERATIONS.includes(operation.operationId as OperationId))
  .flatMap((operation) =>
    Object.entries(operation.requestBody.content['application/json'].examples).map(([name, example]) => ({
      operation: operation.operationId as OperationId,
      name,
      body: example.value,
    })),
  );

/** What an example needs to have happened before it, on a fresh store (the docs' order of calls). */
const BEFORE: Partial<Record<OperationId, { operation: OperationId; body: Record<string, unknown> }>> = {
  signalReturnReport: {
    operation: 'signalEvaluate',
    body: {
      access_token: 'access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6',
      account_id: 'BxBXxLj1m4HMXBm9WZZmCWVbPjX16EHwv99vp',
      client_transaction_id: 'b6d3c1e0-4f2a-4c8e-9d7b-1a2e3f4c5d6e',
      amount: 102.05,
    },
  },
};

describeEngines('request examples of asset reports, signal, employers, applications and verification', (sandbox) => {
  it('covers every operation of the area', () => {
    expect(new Set(examples.map((example) => example.operation))).toEqual(new Set(OPERATIONS));
  });

  it.each(examples)('$operation example "$name" succeeds on a fresh sandbox', async ({ operation, body }) => {
    await sandbox().sandbox.reset();
    const before = BEFORE[operation];
    if (before) {
      await sandbox().ok(before.operation, before.body as never);
    }
    const reply = await sandbox().call(operation, body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  });
});
