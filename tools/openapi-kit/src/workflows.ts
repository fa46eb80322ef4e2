/**
 * Reads the Arazzo 1.0 workflow documents of `@svc/spec` (`dist/workflows/*.arazzo.json`): their
 * workflows, steps, the operations a workflow calls (through the workflows it calls) and the HTTP
 * status each step expects. Shared by the spec's tests, the docs build and the workflow runner.
 * @see https://spec.openapis.org/arazzo/v1.0.1.html
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A success criterion of a step: a condition, evaluated as `type` says (default `simple`). */
export interface ArazzoCriterion {
  condition: string;
  context?: string;
  type?: 'simple' | 'regex' | 'jsonpath' | 'xpath' | { type: string; version: string };
}

/** A parameter of a step or workflow, or a reference to one in `components.parameters`. */
export interface ArazzoParameter {
  name?: string;
  in?: 'path' | 'query' | 'header' | 'cookie';
  value?: unknown;
  reference?: string;
}

/** A success or failure action: end the workflow, or go to a step or workflow. */
export interface ArazzoAction {
  name: string;
  type: 'end' | 'goto' | 'retry';
  stepId?: string;
  workflowId?: string;
  criteria?: ArazzoCriterion[];
}

/** One step: a call of an operation (`operationId`) or of another workflow (`workflowId`). */
export interface ArazzoStep {
  stepId: string;
  description?: string;
  operationId?: string;
  operationPath?: string;
  workflowId?: string;
  parameters?: ArazzoParameter[];
  requestBody?: { contentType?: string; payload?: unknown };
  successCriteria?: ArazzoCriterion[];
  onSuccess?: ArazzoAction[];
  onFailure?: ArazzoAction[];
  outputs?: Record<string, string>;
}

/** A workflow: its inputs (a JSON Schema), steps and outputs. */
export interface ArazzoWorkflow {
  workflowId: string;
  summary?: string;
  description?: string;
  inputs?: Record<string, unknown>;
  parameters?: ArazzoParameter[];
  steps: ArazzoStep[];
  outputs?: Record<string, string>;
}

/** An Arazzo document. */
export interface ArazzoDocument {
  arazzo: string;
  info: { title: string; summary?: string; description?: string; version: string };
  sourceDescriptions: { name: string; url: string; type?: 'openapi' | 'arazzo' }[];
  workflows: ArazzoWorkflow[];
  components?: Record<string, Record<string, unknown>>;
}

/** A workflow document read from disk, with its file name (`items.arazzo.json`). */
export interface WorkflowFile {
  file: string;
  document: ArazzoDocument;
}

/** The suffix of the JSON workflow documents `@svc/spec` ships beside the YAML ones. */
export const WORKFLOW_JSON_SUFFIX = '.arazzo.json';

/** Every `*.arazzo.json` document in `directory`, sorted by file name. */
export function readWorkflowFiles(directory: string): WorkflowFile[] {
  return readdirSync(directory)
    .filter((file) => file.endsWith(WORKFLOW_JSON_SUFFIX))
    .sort()
    .map((file) => ({ file, document: JSON.parse(readFileSync(join(directory, file), 'utf8')) as ArazzoDocument }));
}

/** The workflow of `document` with this id; throws naming the id when there is none. */
export function findWorkflow(document: ArazzoDocument, workflowId: string): ArazzoWorkflow {
  const workflow = document.workflows.find((candidate) => candidate.workflowId === workflowId);
  if (!workflow) {
    throw new Error(`no workflow "${workflowId}" in "${document.info.title}"`);
  }
  return workflow;
}

/**
 * The operationIds `workflow` calls, its own steps first, then those of the workflows its steps
 * call (each workflow once), without repeats, in order of first call.
 */
export function workflowOperations(document: ArazzoDocument, workflow: ArazzoWorkflow): string[] {
  const operations: string[] = [];
  const visited = new Set<string>();
  const visit = (current: ArazzoWorkflow) => {
    if (visited.has(current.workflowId)) {
      return;
    }
    visited.add(current.workflowId);
    for (const step of current.steps) {
      if (step.operationId && !operations.includes(step.operationId)) {
        operations.push(step.operationId);
      }
    }
    for (const step of current.steps) {
      if (step.workflowId) {
        visit(findWorkflow(document, step.workflowId));
      }
    }
  };
  visit(workflow);
  return operations;
}

/** The workflows no step of the document calls: the flows to read, as opposed to helpers. */
export function mainWorkflows(document: ArazzoDocument): ArazzoWorkflow[] {
  const called = new Set(document.workflows.flatMap((workflow) => workflow.steps.map((step) => step.workflowId)));
  return document.workflows.filter((workflow) => !called.has(workflow.workflowId));
}

/** The HTTP status a step's success criteria require (`$statusCode == 400` → 400), if any. */
export function expectedStatus(step: ArazzoStep): number | undefined {
  for (const criterion of step.successCriteria ?? []) {
    const match = /^\$statusCode\s*==\s*(\d{3})$/.exec(criterion.condition.trim());
    if (match) {
      return Number(match[1]);
    }
  }
  return undefined;
}
