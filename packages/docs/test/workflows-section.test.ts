import { type ArazzoDocument, listOperations, readWorkflowFiles } from '@svc/openapi-kit';
import { workflowsPath } from '@svc/spec';
import { describe, expect, it } from 'vitest';
import {
  criterionText,
  readableExpression,
  WORKFLOWS_HEADING,
  withWorkflows,
  workflowsSection,
} from '../src/workflows-section.js';
import { readBundledSpec } from './bundled-spec.js';

const document = readBundledSpec();
const shipped = readWorkflowFiles(workflowsPath);

describe('readableExpression', () => {
  it.each([
    ['$response.body#/accounts/0/balances/available == 100', 'accounts[0].balances.available == 100'],
    ['$response.body#/a~1b/c~0d', 'a/b.c~d'],
    ['$response.body#/item/item_id == $steps.exchange.outputs.itemId', 'item.item_id == itemId of exchange'],
    ['$workflows.readPage.outputs.eventId', 'eventId of readPage'],
    ['$response.body#/item/webhook == $inputs.webhookUrl', 'item.webhook == input webhookUrl'],
    ['$response.body', 'the body'],
    ['$statusCode', 'HTTP status'],
  ])('%s → %s', (given, want) => {
    expect(readableExpression(given)).toBe(want);
  });
});

describe('criterionText', () => {
  it.each([
    [{ condition: '$statusCode == 400' }, 'HTTP 400'],
    [{ condition: "$response.body#/error_code == 'X'" }, "`error_code == 'X'`"],
    [
      { context: '$response.body#/public_token', condition: '^public-sandbox-', type: 'regex' as const },
      '`public_token` matches `^public-sandbox-`',
    ],
    [
      { context: '$response.body', condition: '$[?length(@.events) == 0]', type: 'jsonpath' as const },
      'JSONPath `$[?length(@.events) == 0]` holds on the body',
    ],
  ])('%j → %s', (given, want) => {
    expect(criterionText(given)).toBe(want);
  });
});

const fixture: ArazzoDocument = {
  arazzo: '1.0.1',
  info: { title: 'Fixture flows', description: 'What the flows show.', version: '1.0.0' },
  sourceDescriptions: [{ name: 'svc', url: '../openapi.yaml', type: 'openapi' }],
  workflows: [
    {
      workflowId: 'removeTwice',
      summary: 'Remove, then refused',
      description: 'Removing twice fails.',
      steps: [
        {
          stepId: 'remove',
          description: 'Remove the Item | once.',
          operationId: 'itemRemove',
          successCriteria: [{ condition: '$statusCode == 200' }],
        },
        {
          stepId: 'again',
          description: 'Read a page.',
          workflowId: 'helper',
          parameters: [
            { name: 'clientId', value: '$inputs.clientId' },
            { name: 'afterId', value: '$steps.remove.outputs.id' },
          ],
          onSuccess: [
            {
              name: 'loop',
              type: 'goto',
              stepId: 'again',
              criteria: [{ condition: '$workflows.helper.outputs.id != 3' }],
            },
          ],
        },
      ],
    },
    {
      workflowId: 'helper',
      summary: 'A page',
      steps: [{ stepId: 'page', operationId: 'authGet', successCriteria: [{ condition: '$statusCode == 200' }] }],
    },
  ],
};

describe('workflowsSection', () => {
  const section = workflowsSection(document, [{ file: 'fixture.arazzo.json', document: fixture }]);

  it('starts with the section heading, then how to run the documents, without another host', () => {
    expect(section.startsWith(`${WORKFLOWS_HEADING}\n\n`)).toBe(true);
    expect(section).toContain('respect node_modules/@svc/spec/dist/workflows/');
    expect(section.match(/https?:\/\/(?!127\.0\.0\.1)[^\s)]+/g)).toBeNull();
  });

  it('gives each document its title, description and file, and each workflow a table of its steps', () => {
    expect(section).toContain(
      '### Fixture flows\n\nWhat the flows show.\n\nDocument: `@svc/spec/workflows/fixture.arazzo.yaml`.',
    );
    expect(section).toContain('#### Remove, then refused\n\nWorkflow `removeTwice`. Removing twice fails.');
    expect(section).toContain(
      '| 1 | `remove`: Remove the Item \\| once. | `POST /item/remove` (Remove an Item) | HTTP 200 |',
    );
  });

  it('shows a called workflow with the values it gets (not the credentials) and where a step goes next', () => {
    expect(section).toContain(
      '| 2 | `again`: Read a page. (then goes to `again` when `id of helper != 3`) | workflow `helper` with `afterId = id of remove` | the called workflow passes |',
    );
    expect(section).toContain('#### A page\n\nWorkflow `helper`, a part of the flows above.');
    expect(section.indexOf('#### A page')).toBeGreaterThan(section.indexOf('#### Remove, then refused'));
  });

  it('names a step calling an operation the spec does not have', () => {
    const broken: ArazzoDocument = {
      ...fixture,
      workflows: [{ workflowId: 'w', steps: [{ stepId: 's', operationId: 'itemRemoveAll' }] }],
    };
    expect(() => workflowsSection(document, [{ file: 'b.arazzo.json', document: broken }])).toThrow(
      'step s calls itemRemoveAll',
    );
  });

  it('refuses to write an empty section', () => {
    expect(() => workflowsSection(document, [])).toThrow('no workflow documents');
  });
});

describe('withWorkflows over the shipped workflows', () => {
  const described = withWorkflows(document, shipped);
  const description = (described.info as { description: string }).description;

  it('keeps the API description and appends the section once, leaving the input unchanged', () => {
    const original = (document.info as { description: string }).description;
    expect(description.startsWith(original.trimEnd())).toBe(true);
    expect(description.split(WORKFLOWS_HEADING)).toHaveLength(2);
    expect((document.info as { description: string }).description).toBe(original);
  });

  const paths = new Map(listOperations(document).map((entry) => [entry.operationId, entry.path]));

  it.each(shipped.flatMap(({ document: workflows }) => workflows.workflows))(
    'lists $workflowId with each step and the operation it calls',
    (workflow) => {
      expect(description).toContain(`Workflow \`${workflow.workflowId}\``);
      for (const step of workflow.steps) {
        const call = step.operationId ? `\`POST ${paths.get(step.operationId)}\`` : `workflow \`${step.workflowId}\``;
        expect(description).toContain(`\`${step.stepId}\`: `);
        expect(description).toContain(call);
      }
    },
  );
});
