/**
 * @module workflows-section
 * Writes the "Workflows" section of the reference: the Arazzo workflows `@svc/spec` ships
 * (`dist/workflows/*.arazzo.json`), each with a table of its steps, the operation each step calls
 * and what the answer must show. Appended to `info.description` of the docs-only document, so
 * Redoc lists it beside Authentication and Errors and a reader sees the flows, not only single
 * operations.
 */
import { listOperations, mainWorkflows } from '@svc/openapi-kit';

/** @typedef {import('@svc/openapi-kit').OpenApiDocument} OpenApiDocument */
/** @typedef {import('@svc/openapi-kit').WorkflowFile} WorkflowFile */
/** @typedef {import('@svc/openapi-kit').ArazzoDocument} ArazzoDocument */
/** @typedef {import('@svc/openapi-kit').ArazzoWorkflow} ArazzoWorkflow */
/** @typedef {import('@svc/openapi-kit').ArazzoStep} ArazzoStep */
/** @typedef {import('@svc/openapi-kit').ArazzoCriterion} ArazzoCriterion */
/** @typedef {import('@svc/openapi-kit').ArazzoAction} ArazzoAction */

/** The heading of the section (a level-2 heading of `info.description`, so Redoc lists it). */
export const WORKFLOWS_HEADING = '## Workflows';

/** The Redocly CLI version the run command names (the version this repository tests with). */
export const RESPECT_CLI = '@redocly/cli@2.77.0';

/**
 * A JSON Pointer into a response body as a property path: `/accounts/0/subtype` →
 * `accounts[0].subtype`.
 * @param {string} pointer
 * @returns {string}
 */
function propertyPath(pointer) {
  return pointer
    .split('/')
    .slice(1)
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce((path, token) => (/^\d+$/.test(token) ? `${path}[${token}]` : path ? `${path}.${token}` : token), '');
}

/**
 * A runtime expression made readable: `$response.body#/item/item_id` → `item.item_id`,
 * `$steps.exchange.outputs.itemId` → `itemId of exchange`, `$inputs.webhookUrl` → `input webhookUrl`,
 * `$workflows.w.outputs.eventId` → `eventId of w`, `$statusCode` → `HTTP status`.
 * @param {string} text a condition or value holding runtime expressions
 * @returns {string}
 */
export function readableExpression(text) {
  return text
    .replace(/\$response\.body#(\/[^\s]*)/g, (_match, pointer) => propertyPath(pointer) || 'the body')
    .replace(/\$response\.body\b(?!#)/g, 'the body')
    .replace(/\$(?:steps|workflows)\.([\w-]+)\.outputs\.([\w-]+)/g, '$2 of $1')
    .replace(/\$inputs\.([\w-]+)/g, 'input $1')
    .replace(/\$statusCode/g, 'HTTP status');
}

/**
 * What a success criterion checks, in words and code spans.
 * @param {ArazzoCriterion} criterion
 * @returns {string}
 */
export function criterionText(criterion) {
  const status = /^\$statusCode\s*==\s*(\d{3})$/.exec(criterion.condition.trim());
  if (status) {
    return `HTTP ${status[1]}`;
  }
  const type = typeof criterion.type === 'object' ? criterion.type.type : (criterion.type ?? 'simple');
  const context = criterion.context ? readableExpression(criterion.context) : 'the response';
  if (type === 'regex') {
    return `\`${context}\` matches \`${criterion.condition}\``;
  }
  if (type === 'jsonpath') {
    return `JSONPath \`${criterion.condition}\` holds on ${context === 'the body' ? 'the body' : `\`${context}\``}`;
  }
  return `\`${readableExpression(criterion.condition)}\``;
}

/**
 * Text safe inside a Markdown table cell: one line, pipes escaped.
 * @param {string} text
 * @returns {string}
 */
function cell(text) {
  return text
    .replace(/\s*\n\s*/g, ' ')
    .replaceAll('|', '\\|')
    .trim();
}

/**
 * What a step does after success: `goto` actions with their conditions.
 * @param {ArazzoAction[]} actions
 * @returns {string}
 */
function actionsText(actions) {
  return actions
    .map((action) => {
      const target = action.type === 'end' ? 'ends the workflow' : `goes to \`${action.stepId ?? action.workflowId}\``;
      const when = (action.criteria ?? []).map(criterionText).join(' and ');
      return when ? `then ${target} when ${when}` : `then ${target}`;
    })
    .join('; ');
}

/**
 * What a step calls: the operation as `POST /path` with its summary, or the workflow with the
 * values it is given.
 * @param {ArazzoStep} step
 * @param {Map<string, {method: string, path: string, summary: string}>} operations
 * @returns {string}
 */
function callText(step, operations) {
  if (step.workflowId) {
    const values = (step.parameters ?? [])
      .filter((parameter) => parameter.name && !['clientId', 'secret'].includes(parameter.name))
      .map((parameter) => `${parameter.name} = ${readableExpression(String(parameter.value))}`);
    return `workflow \`${step.workflowId}\`${values.length > 0 ? ` with \`${values.join(', ')}\`` : ''}`;
  }
  const operation = operations.get(step.operationId ?? '');
  if (!operation) {
    throw new Error(`step ${step.stepId} calls ${step.operationId}, which the bundled spec does not have`);
  }
  return `\`${operation.method.toUpperCase()} ${operation.path}\` (${operation.summary})`;
}

/**
 * The Markdown of one workflow: its summary as a heading, its description and its steps.
 * @param {ArazzoWorkflow} workflow
 * @param {Map<string, {method: string, path: string, summary: string}>} operations
 * @param {boolean} helper whether other workflows call it
 * @returns {string}
 */
function workflowMarkdown(workflow, operations, helper) {
  const rows = workflow.steps.map((step, index) => {
    const actions = actionsText(step.onSuccess ?? []);
    const what = `\`${step.stepId}\`: ${step.description ?? ''}${actions ? ` (${actions})` : ''}`;
    const checks = (step.successCriteria ?? []).map(criterionText).join('; ') || 'the called workflow passes';
    return `| ${index + 1} | ${cell(what)} | ${cell(callText(step, operations))} | ${cell(checks)} |`;
  });
  return [
    `#### ${workflow.summary ?? workflow.workflowId}`,
    `Workflow \`${workflow.workflowId}\`${helper ? ', a part of the flows above' : ''}. ${workflow.description?.trim() ?? ''}`,
    ['| # | Step | Calls | Checks |', '|---|---|---|---|', ...rows].join('\n'),
  ].join('\n\n');
}

/**
 * The Markdown of the "Workflows" section for the workflow documents `files`.
 * @param {OpenApiDocument} document the bundled spec the workflows call
 * @param {WorkflowFile[]} files
 * @returns {string}
 */
export function workflowsSection(document, files) {
  if (files.length === 0) {
    throw new Error('no workflow documents: build @svc/spec first (it writes dist/workflows/)');
  }
  const operations = new Map(
    listOperations(document).map((entry) => [
      entry.operationId,
      { method: entry.method, path: entry.path, summary: entry.operation.summary ?? entry.operationId },
    ]),
  );
  const documents = files.flatMap(({ file, document: workflows }) => {
    const main = mainWorkflows(workflows);
    const helpers = workflows.workflows.filter((workflow) => !main.includes(workflow));
    return [
      `### ${workflows.info.title}`,
      workflows.info.description?.trim() ?? workflows.info.summary ?? '',
      `Document: \`@svc/spec/workflows/${file.replace(/\.json$/, '.yaml')}\`.`,
      ...main.map((workflow) => workflowMarkdown(workflow, operations, false)),
      ...helpers.map((workflow) => workflowMarkdown(workflow, operations, true)),
    ];
  });
  const introduction = [
    'The flows that take several calls, written as Arazzo 1.0 workflows: each step names the',
    'operation it calls, the values it passes on, and what the answer must show (its status and',
    "fields). They run against the sandbox in this API's own tests, with every response also checked",
    'against its schema. The documents ship in the `@svc/spec` package (`@svc/spec/workflows/`,',
    'YAML and JSON); run one against your sandbox with Redocly CLI:',
  ].join('\n');
  const command = [
    '```sh',
    `npx ${RESPECT_CLI} respect node_modules/@svc/spec/dist/workflows/items.arazzo.yaml \\`,
    '  --server svc=http://127.0.0.1:4020 \\',
    '  --input clientId="$SVC_CLIENT_ID" --input secret="$SVC_SECRET"',
    '```',
  ].join('\n');
  const notes = [
    '`webhooks.arazzo.yaml` also takes `--input webhookUrl=<a receiver you control>`. The event',
    'checks of the transfer flows expect a sandbox no one else writes to while they run.',
  ].join('\n');
  return [WORKFLOWS_HEADING, introduction, command, notes, ...documents].filter((block) => block !== '').join('\n\n');
}

/**
 * A copy of `document` whose `info.description` ends with the "Workflows" section of `files`.
 * @param {OpenApiDocument} document
 * @param {WorkflowFile[]} files
 * @returns {OpenApiDocument}
 */
export function withWorkflows(document, files) {
  const info = /** @type {{description?: string}} */ (document.info ?? {});
  const description = `${(info.description ?? '').trimEnd()}\n\n${workflowsSection(document, files)}\n`;
  return { ...document, info: { ...info, description } };
}
