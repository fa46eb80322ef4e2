/**
 * Runs the Arazzo workflows @svc/spec ships (dist/workflows/*.arazzo.yaml) with `redocly respect`
 * against a freshly started sandbox, and requires every workflow, step and check to pass (respect
 * also checks every response against its schema). The webhook flow's acknowledgement, which a
 * workflow runner cannot see, is received here and its signature verified.
 */
import { join } from 'node:path';
import { verifyWebhook } from '@svc/client';
import { readWorkflowFiles } from '@svc/openapi-kit';
import { DEFAULT_CLIENT, DEMO_CLIENT, EXAMPLES_TIME, type RunningSandbox } from '@svc/sandbox';
import { workflowsPath } from '@svc/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractAdminKey } from '../src/credentials.js';
import {
  describeFailures,
  executedSteps,
  type RespectReport,
  type RespectWorkflow,
  reportTotals,
} from '../src/respect-report.js';
import { type RespectResult, runRespect } from '../src/run-respect.js';
import { type Receiver, startReceiver } from './support/receiver.js';
import { startPinnedSandbox } from './support/sandbox-target.js';
import { standingOrderDates } from './support/standing-order-dates.js';

const documents = readWorkflowFiles(workflowsPath);
const yamlPath = (file: string) => join(workflowsPath, file.replace(/\.json$/, '.yaml'));

let sandbox: RunningSandbox;
let receiver: Receiver;
/** The webhook URL of the transfers the transfer workflows move (`transferWebhookUrl`). */
let transferReceiver: Receiver;
let result: RespectResult;

beforeAll(async () => {
  // Started at the examples' time, so that the flows' dates are the same on any day they run.
  sandbox = await startPinnedSandbox();
  receiver = await startReceiver();
  transferReceiver = await startReceiver();
  result = await runRespect({
    files: documents.map(({ file }) => yamlPath(file)),
    servers: { svc: sandbox.url },
    inputs: {
      clientId: DEFAULT_CLIENT.clientId,
      secret: DEFAULT_CLIENT.secret,
      webhookUrl: receiver.url,
      // The clock flows move their client's test clock: the demo client's, so no other flow sees it.
      clockClientId: DEMO_CLIENT.clientId,
      clockSecret: DEMO_CLIENT.secret,
      ...standingOrderDates(new Date(EXAMPLES_TIME)),
      transferWebhookUrl: transferReceiver.url,
      // The throwaway flow makes and deletes a client of its own with the sandbox's admin key.
      adminKey: contractAdminKey(),
    },
  });
  const totals = result.report && reportTotals(result.report);
  if (totals) {
    process.stdout.write(
      `redocly respect: ${documents.length} files, ${totals.workflows} workflows (${totals.failedWorkflows} failed), ` +
        `${totals.steps} steps (${totals.failedSteps} failed), ${totals.checks} checks (${totals.failedChecks} failed), ` +
        `${totals.requests} requests, ${totals.milliseconds} ms\n`,
    );
  }
}, 180_000);

afterAll(async () => {
  await receiver?.close();
  await transferReceiver?.close();
  await sandbox?.stop();
});

/** The report, or a failure carrying respect's output when it wrote none. */
function report(): RespectReport {
  if (!result.report) {
    throw new Error(`redocly respect wrote no report (exit ${result.exitCode}):\n${result.stdout}\n${result.stderr}`);
  }
  return result.report;
}

/** The top-level runs of `workflowId` in the report of `file`. */
function runsOf(file: string, workflowId: string): RespectWorkflow[] {
  const entry = report().files[yamlPath(file)];
  if (!entry) {
    throw new Error(`the report has no entry for ${yamlPath(file)}; it has ${Object.keys(report().files).join(', ')}`);
  }
  return entry.executedWorkflows.filter((workflow) => workflow.workflowId === workflowId);
}

describe('redocly respect against a fresh sandbox', () => {
  it('exits 0 with every check passed', () => {
    const totals = reportTotals(report());
    expect(totals.failedChecks, 'the failing steps are listed by the workflow tests below').toBe(0);
    expect(totals.steps).toBeGreaterThan(0);
    expect(result.exitCode, result.stderr).toBe(0);
  });

  describe.each(documents.map(({ file, document }) => ({ file, name: file.replace(/\.json$/, '.yaml'), document })))(
    '$name',
    ({ file, document }) => {
      it.each(document.workflows.map((workflow) => workflow.workflowId))('%s passes every step', (workflowId) => {
        const runs = runsOf(file, workflowId);
        expect(runs).toHaveLength(1);
        const [run] = runs as [RespectWorkflow];
        const failures = describeFailures(run);
        expect(failures, failures.join('\n\n')).toEqual([]);
        expect(executedSteps(run).length).toBeGreaterThan(0);
      });
    },
  );
});

describe('the webhook update flow', () => {
  it('delivers a signed WEBHOOK_UPDATE_ACKNOWLEDGED for the Item to the new URL', async () => {
    const [run] = runsOf('webhooks.arazzo.json', 'webhookUpdate');
    const update = executedSteps(run as RespectWorkflow).find((step) => step.stepId === 'updateWebhook');
    const itemId = (update?.response?.body as { item?: { item_id?: string } } | undefined)?.item?.item_id;
    expect(itemId).toMatch(/.+/);

    const [delivery] = await receiver.waitFor(1);
    const payload = await verifyWebhook(delivery?.body ?? '', {
      signature: delivery?.headers['svc-signature'] as string | undefined,
      secret: DEFAULT_CLIENT.webhookSecret,
    });
    expect(payload).toMatchObject({
      webhook_type: 'ITEM',
      webhook_code: 'WEBHOOK_UPDATE_ACKNOWLEDGED',
      item_id: itemId,
      new_webhook_url: receiver.url,
    });
    expect(receiver.deliveries).toHaveLength(1);
  });
});

describe('the transfer workflows', () => {
  it('deliver a signed TRANSFER_EVENTS_UPDATE for each move (posted, settled; posted, returned)', async () => {
    const deliveries = await transferReceiver.waitFor(4);
    const items: string[] = [];
    for (const delivery of deliveries) {
      const payload = await verifyWebhook(delivery.body, {
        signature: delivery.headers['svc-signature'] as string | undefined,
        secret: DEFAULT_CLIENT.webhookSecret,
      });
      expect(payload).toEqual({
        webhook_type: 'TRANSFER',
        webhook_code: 'TRANSFER_EVENTS_UPDATE',
        item_id: expect.any(String),
        environment: 'sandbox',
      });
      items.push((payload as { item_id: string }).item_id);
    }
    // Two moves of each workflow's transfer, each on the Item of that workflow.
    const perItem = new Map<string, number>();
    for (const item of items) {
      perItem.set(item, (perItem.get(item) ?? 0) + 1);
    }
    expect([...perItem.values()]).toEqual([2, 2]);
    expect(transferReceiver.deliveries).toHaveLength(4);
  });
});
