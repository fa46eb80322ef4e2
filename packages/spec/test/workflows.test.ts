/**
 * The Arazzo workflows shipped in dist/workflows/: copies of spec/workflows/ with JSON twins, each
 * step calling an operation of the bundled description and asserting its status, and the API's
 * multi-step flows all present. (They run against the sandbox in packages/contract-tests.)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type ArazzoDocument,
  expectedStatus,
  findWorkflow,
  listOperations,
  readWorkflowFiles,
  workflowOperations,
} from '@svc/openapi-kit';
import { describe, expect, it } from 'vitest';
import { document, openapiJsonPath } from './bundled-document.js';

const workflowsDist = join(openapiJsonPath, '..', 'workflows');
const workflowsSource = join(openapiJsonPath, '..', '..', '..', '..', 'spec', 'workflows');
const yamlFiles = readdirSync(workflowsSource)
  .filter((file) => file.endsWith('.arazzo.yaml'))
  .sort();
const files = readWorkflowFiles(workflowsDist);
const operationIds = new Set(listOperations(document).map((entry) => entry.operationId));

/** The flows the API documents, each with operations it must call (itself or through a helper). */
const requiredFlows: [workflowId: string, operations: string[]][] = [
  [
    'itemLifecycle',
    ['sandboxPublicTokenCreate', 'itemPublicTokenExchange', 'authGet', 'itemAccessTokenInvalidate', 'itemRemove'],
  ],
  ['webhookUpdate', ['itemPublicTokenExchange', 'itemWebhookUpdate']],
  [
    'paymentReversal',
    [
      'paymentInitiationRecipientCreate',
      'paymentInitiationPaymentCreate',
      'sandboxPaymentSimulate',
      'paymentInitiationPaymentReverse',
    ],
  ],
  ['transferCancel', ['transferAuthorizationCreate', 'transferCreate', 'transferCancel', 'transferEventSync']],
  ['transferSettles', ['transferCreate', 'sandboxTransferSimulate', 'transferCancel', 'transferEventSync']],
  ['transferReturned', ['transferCreate', 'sandboxTransferSimulate', 'transferGet', 'transferEventSync']],
  [
    'processorBankTransfer',
    [
      'sandboxProcessorTokenCreate',
      'processorBankTransferCreate',
      'sandboxBankTransferSimulate',
      'bankTransferEventSync',
    ],
  ],
  [
    'auditCopyLifecycle',
    ['sandboxAssetReportCreate', 'assetReportAuditCopyCreate', 'assetReportAuditCopyGet', 'assetReportAuditCopyRemove'],
  ],
  ['authorizationDeclinedRisk', ['transferAuthorizationCreate', 'transferCreate']],
  ['authorizationDeclinedNsf', ['transferAuthorizationCreate']],
  ['standingOrderCurrency', ['paymentInitiationRecipientCreate', 'paymentInitiationPaymentCreate']],
  ['publicTokenExpiresWithClock', ['sandboxPublicTokenCreate', 'sandboxClockAdvance', 'itemPublicTokenExchange']],
  ['paymentExpiresWithClock', ['paymentInitiationPaymentCreate', 'sandboxClockAdvance', 'paymentInitiationPaymentGet']],
  [
    'throwawayClientLifecycle',
    ['sandboxClientCreate', 'sandboxSnapshotCreate', 'sandboxSnapshotRestore', 'sandboxClientDelete'],
  ],
  [
    'standingOrderAfterWeekend',
    ['paymentInitiationPaymentCreate', 'sandboxPaymentSimulate', 'sandboxClockAdvance', 'paymentInitiationPaymentGet'],
  ],
];

describe('dist/workflows', () => {
  it('holds a copy of every spec/workflows/*.arazzo.yaml and its JSON twin', () => {
    expect(yamlFiles.length).toBeGreaterThan(0);
    for (const file of yamlFiles) {
      expect(readFileSync(join(workflowsDist, file), 'utf8'), file).toBe(
        readFileSync(join(workflowsSource, file), 'utf8'),
      );
    }
    expect(files.map(({ file }) => file.replace(/\.json$/, '.yaml'))).toEqual(yamlFiles);
  });

  it.each([
    ['a decision id', /\bD-[A-Z]+-[0-9]+\b/],
    ['the interface specification', /interface\s+specification/i],
  ])('never names %s', (_what, pattern) => {
    for (const file of readdirSync(workflowsDist)) {
      expect(readFileSync(join(workflowsDist, file), 'utf8').match(pattern)?.[0], file).toBeUndefined();
    }
  });
});

describe.each(files)('$file', ({ document: workflows }: { document: ArazzoDocument }) => {
  it('is Arazzo 1.0 describing the bundled spec beside it (../openapi.yaml)', () => {
    expect(workflows.arazzo).toMatch(/^1\.0\.\d+$/);
    expect(workflows.sourceDescriptions).toEqual([{ name: 'svc', url: '../openapi.yaml', type: 'openapi' }]);
    expect(existsSync(join(workflowsDist, '..', 'openapi.yaml'))).toBe(true);
  });

  const steps = workflows.workflows.flatMap((workflow) =>
    workflow.steps.map((step) => ({ where: `${workflow.workflowId} › ${step.stepId}`, step })),
  );

  it.each(steps)('$where calls an operation of the spec or a workflow of the document, and says why', ({ step }) => {
    expect(step.description?.trim()).toBeTruthy();
    if (step.workflowId) {
      expect(step.operationId).toBeUndefined();
      expect(() => findWorkflow(workflows, step.workflowId ?? '')).not.toThrow();
    } else {
      expect(operationIds).toContain(step.operationId);
    }
  });

  it.each(steps.filter(({ step }) => step.operationId))('$where asserts the HTTP status', ({ step }) => {
    expect(expectedStatus(step)).toBeDefined();
  });
});

describe('the API flows', () => {
  const all = files.flatMap(({ document: workflows }) =>
    workflows.workflows.map((workflow) => ({ workflows, workflow })),
  );

  it('have unique workflow ids across the documents', () => {
    const ids = all.map(({ workflow }) => workflow.workflowId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it.each(requiredFlows)('include %s, calling %j', (workflowId, operations) => {
    const found = all.find(({ workflow }) => workflow.workflowId === workflowId);
    expect(found, `no workflow ${workflowId}`).toBeDefined();
    if (found) {
      expect(workflowOperations(found.workflows, found.workflow)).toEqual(expect.arrayContaining(operations));
    }
  });
});
