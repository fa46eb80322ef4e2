/**
 * The page's Arazzo runner: runtime expressions and criteria (table-driven), the data it is given
 * (every shipped workflow readable, wrong ones refused naming what is wrong), and every shipped
 * workflow run step by step against a sandbox started at a pinned time, as Redocly Respect runs
 * them in the contract tests: each runs to its end with every success criterion held; with a
 * wrong secret, the first step fails and the run stops there.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readWorkflowFiles } from '@svc/openapi-kit';
import { DEFAULT_CLIENT, DEMO_CLIENT, type RunningSandbox } from '@svc/sandbox';
import { workflowsPath } from '@svc/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  criterionHolds,
  criterionProblem,
  type ExpressionContext,
  evaluateExpression,
  resolveValue,
} from '../../src/console/arazzo-expressions.js';
import {
  createWorkflowRun,
  HIDDEN_VALUE,
  inputDefaults,
  type RunDocument,
  type RunRequest,
  type StepResult,
  workflowProblems,
} from '../../src/console/arazzo-run.js';
import { consoleData } from '../../src/console/console-data.js';
import { readBundledSpec } from '../bundled-spec.js';
import { startPinnedSandbox } from '../pinned-sandbox.js';

const workflowFiles = readWorkflowFiles(workflowsPath);
const data = consoleData(readBundledSpec(), workflowFiles);
const documents = data.workflows.documents as unknown as (RunDocument & { file: string })[];

const context: ExpressionContext = {
  inputs: { clientId: 'client-1', afterId: 0 },
  steps: { exchange: { outputs: { accessToken: 'access-sandbox-1', itemId: 'item-1' } } },
  workflows: { readTransferEvent: { outputs: { eventId: 7, transferId: 't-1' } } },
  request: { method: 'POST', url: 'http://x/auth/get', headers: { 'SVC-CLIENT-ID': 'client-1' }, body: { a: 1 } },
  response: {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: {
      item: { item_id: 'item-1' },
      accounts: [{ subtype: 'checking', balances: { available: 100 } }],
      'a/b': { '~x': 'escaped' },
      transfer_events: [],
      rationale: null,
    },
  },
};

describe('runtime expressions', () => {
  it.each([
    ['$statusCode', 200],
    ['$method', 'POST'],
    ['$url', 'http://x/auth/get'],
    ['$inputs.clientId', 'client-1'],
    ['$inputs.missing', undefined],
    ['$steps.exchange.outputs.accessToken', 'access-sandbox-1'],
    ['$steps.other.outputs.accessToken', undefined],
    ['$workflows.readTransferEvent.outputs.eventId', 7],
    ['$response.body#/accounts/0/subtype', 'checking'],
    ['$response.body#/accounts/1/subtype', undefined],
    ['$response.body#/a~1b/~0x', 'escaped'],
    ['$response.header.Content-Type', 'application/json'],
    ['$request.header.svc-client-id', 'client-1'],
    ['$request.body#/a', 1],
  ])('%s is %j', (expression, value) => {
    expect(evaluateExpression(expression, context)).toEqual(value);
  });

  it.each(['$components.parameters.clientId', '$response.bodyx', '$steps.exchange.accessToken', 'plain'])(
    'refuses %s, naming it',
    (expression) => {
      expect(() => evaluateExpression(expression, context)).toThrow(`unsupported runtime expression ${expression}`);
    },
  );

  it('resolves payloads: whole expressions keep their type, embedded ones become text', () => {
    expect(
      resolveValue(
        {
          access_token: '$steps.exchange.outputs.accessToken',
          after_id: '$inputs.afterId',
          list: ['x', 2],
          note: 'id {$inputs.clientId}!',
        },
        context,
      ),
    ).toEqual({ access_token: 'access-sandbox-1', after_id: 0, list: ['x', 2], note: 'id client-1!' });
  });
});

describe('success criteria', () => {
  it.each([
    [{ condition: '$statusCode == 200' }, true],
    [{ condition: '$statusCode == 400' }, false],
    [{ condition: "$response.body#/accounts/0/subtype == 'checking'" }, true],
    [{ condition: '$response.body#/accounts/0/balances/available == 100' }, true],
    [{ condition: '$response.body#/item/item_id == $steps.exchange.outputs.itemId' }, true],
    [{ condition: '$response.body#/item/item_id != $steps.exchange.outputs.itemId' }, false],
    [{ condition: '$workflows.readTransferEvent.outputs.eventId > $inputs.afterId' }, true],
    [{ condition: '$workflows.readTransferEvent.outputs.eventId < $inputs.afterId' }, false],
    [{ condition: '$response.body#/rationale == null' }, true],
    [{ condition: '$response.body#/absent == null' }, true],
    [{ condition: '$statusCode == 200 && $inputs.afterId == 1' }, false],
    [{ condition: '$statusCode == 201 || $inputs.afterId == 0' }, true],
    [{ context: '$steps.exchange.outputs.accessToken', condition: '^access-sandbox-', type: 'regex' }, true],
    [{ context: '$inputs.clientId', condition: '^access-sandbox-', type: 'regex' }, false],
    [{ context: '$response.body', condition: '$[?length(@.transfer_events) == 0]', type: 'jsonpath' }, true],
    [{ context: '$response.body', condition: '$[?length(@.accounts) == 0]', type: 'jsonpath' }, false],
  ])('%j holds: %s', (criterion, holds) => {
    expect(criterionHolds(criterion, context)).toBe(holds);
  });

  it.each([
    [{ condition: '$response.body#/x == $unknown.thing' }, 'unsupported runtime expression $unknown.thing'],
    [{ context: '$response.body', condition: '$.accounts[0]', type: 'jsonpath' }, 'unsupported JSONPath condition'],
    [{ condition: '//a', type: 'xpath' }, 'unsupported criterion type xpath'],
    [{ context: 'body', condition: '^a', type: 'regex' }, 'unsupported context body'],
  ])('names what it cannot read in %j', (criterion, problem) => {
    expect(criterionProblem(criterion)).toContain(problem);
  });
});

describe('the workflows the page is given', () => {
  it('holds every shipped workflow, each of which the page can run', () => {
    expect(documents.map(({ file }) => file)).toEqual(workflowFiles.map(({ file }) => file));
    expect(documents.flatMap((document) => workflowProblems(document, data.workflows.operations))).toEqual([]);
  });

  it('names an unknown operation, workflow, goto target, reference and expression', () => {
    const broken: RunDocument = {
      parameters: {},
      workflows: [
        {
          workflowId: 'w',
          parameters: [{ reference: '$components.parameters.nope' }],
          steps: [
            { stepId: 'a', operationId: 'noSuchOperation', requestBody: { payload: { x: '$input.typo' } } },
            { stepId: 'b', workflowId: 'noSuchWorkflow', onSuccess: [{ name: 'loop', type: 'goto', stepId: 'zz' }] },
          ],
        },
      ],
    };
    expect(workflowProblems(broken, {})).toEqual([
      'w.a: unknown operation noSuchOperation',
      'w.a: unknown parameter reference $components.parameters.nope',
      'w.a: unsupported runtime expression $input.typo',
      'w.b: unknown workflow noSuchWorkflow',
      'w.b: action loop is neither end nor goto a step',
      'w.b: unknown parameter reference $components.parameters.nope',
    ]);
  });

  it('prefills inputs from defaults and examples', () => {
    expect(
      inputDefaults({
        workflowId: 'w',
        steps: [],
        inputs: {
          properties: { a: { default: 0 }, b: { examples: ['x'] }, c: { example: 'y' }, d: { type: 'string' } },
        },
      }),
    ).toEqual({ a: 0, b: 'x', c: 'y' });
    const readEvent = documents
      .flatMap(({ workflows }) => workflows)
      .find(({ workflowId }) => workflowId === 'readTransferEvent');
    expect(readEvent && inputDefaults(readEvent)).toEqual({ afterId: 0 });
  });
});

/** Sends a runner request with Node's fetch. */
async function send(request: RunRequest) {
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  const text = await response.text();
  return { status: response.status, headers: Object.fromEntries(response.headers), body: JSON.parse(text) };
}

/** Every step result of a run, those of called workflows included. */
function flatten(results: StepResult[]): StepResult[] {
  return results.flatMap((result) => [result, ...flatten(result.calls)]);
}

describe('every shipped workflow, step by step against a pinned sandbox', () => {
  let sandbox: RunningSandbox;
  let receiver: Server;
  let receiverUrl: string;

  beforeAll(async () => {
    sandbox = await startPinnedSandbox();
    receiver = createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  });

  afterAll(async () => {
    await sandbox?.stop();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  /** The standing order flow takes dates chosen from the day it runs (the contract tests pick them). */
  const needsDates = new Set(['standingOrderAfterWeekend']);

  /** Runs `workflowId` of `document` to its end. */
  async function runToEnd(document: RunDocument, workflowId: string, inputs: Record<string, unknown>) {
    const run = createWorkflowRun({
      document,
      workflowId,
      inputs,
      operations: data.workflows.operations,
      baseUrl: sandbox.url,
      send,
      hiddenHeaders: [data.headers.secret],
    });
    const results: StepResult[] = [];
    while (!run.finished) {
      results.push(await run.runNextStep());
    }
    return { run, results };
  }

  it('runs each main workflow to its end with every success criterion held', async () => {
    const ran: string[] = [];
    for (const document of documents) {
      const called = new Set(document.workflows.flatMap(({ steps }) => steps.map((step) => step.workflowId)));
      for (const workflow of document.workflows.filter(({ workflowId }) => !called.has(workflowId))) {
        if (needsDates.has(workflow.workflowId)) {
          continue;
        }
        const { run, results } = await runToEnd(document, workflow.workflowId, {
          ...inputDefaults(workflow),
          clientId: DEFAULT_CLIENT.clientId,
          secret: DEFAULT_CLIENT.secret,
          clockClientId: DEMO_CLIENT.clientId,
          clockSecret: DEMO_CLIENT.secret,
          webhookUrl: receiverUrl,
          transferWebhookUrl: receiverUrl,
          // The throwaway flow makes and deletes a client of its own.
          adminKey: sandbox.adminKey,
        });
        const failed = flatten(results)
          .filter((result) => !result.passed)
          .map((result) => ({
            step: `${workflow.workflowId}.${result.stepId}`,
            criteria: result.criteria,
            error: result.error,
          }));
        expect(failed).toEqual([]);
        expect(run.failed).toBe(false);
        expect(results.length).toBeGreaterThanOrEqual(workflow.steps.length);
        ran.push(workflow.workflowId);
      }
    }
    expect(ran.length).toBeGreaterThanOrEqual(10);
  }, 120_000);

  it('stops at the first step with a wrong secret, shown failed, and never shows the secret', async () => {
    const items = documents.find(({ file }) => file === 'items.arazzo.json') as RunDocument;
    const { run, results } = await runToEnd(items, 'itemLifecycle', {
      clientId: DEFAULT_CLIENT.clientId,
      secret: 'wrong-secret',
    });
    expect(run.failed).toBe(true);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ stepId: 'createPublicToken', passed: false, response: { status: 401 } });
    expect(results[0]?.criteria[0]).toEqual({ condition: '$statusCode == 200', holds: false });
    expect(results[0]?.request?.headers[data.headers.secret]).toBe(HIDDEN_VALUE);
    expect(JSON.stringify(results)).not.toContain('wrong-secret');
  });
});
