import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type ArazzoDocument,
  type ArazzoStep,
  expectedStatus,
  findWorkflow,
  mainWorkflows,
  readWorkflowFiles,
  workflowOperations,
} from '../src/index.js';

const document: ArazzoDocument = {
  arazzo: '1.0.1',
  info: { title: 'Flows', version: '1.0.0' },
  sourceDescriptions: [{ name: 'svc', url: '../openapi.yaml', type: 'openapi' }],
  workflows: [
    {
      workflowId: 'main',
      steps: [
        { stepId: 'a', operationId: 'itemRemove' },
        { stepId: 'b', workflowId: 'helper' },
        { stepId: 'c', operationId: 'authGet' },
        { stepId: 'd', workflowId: 'helper' },
        { stepId: 'e', operationId: 'itemRemove' },
      ],
    },
    {
      workflowId: 'helper',
      steps: [
        { stepId: 'x', operationId: 'transferEventSync' },
        { stepId: 'y', workflowId: 'main' },
      ],
    },
    { workflowId: 'other', steps: [{ stepId: 'z', operationId: 'authGet' }] },
  ],
};

describe('workflowOperations', () => {
  it('lists the own operations first, then those of called workflows, each once, following cycles once', () => {
    expect(workflowOperations(document, findWorkflow(document, 'main'))).toEqual([
      'itemRemove',
      'authGet',
      'transferEventSync',
    ]);
  });
});

describe('findWorkflow', () => {
  it('throws naming a missing workflow', () => {
    expect(() => findWorkflow(document, 'missing')).toThrow('no workflow "missing" in "Flows"');
  });
});

describe('mainWorkflows', () => {
  it('keeps the workflows no step calls', () => {
    const helperless: ArazzoDocument = {
      ...document,
      workflows: document.workflows.map((workflow) =>
        workflow.workflowId === 'helper' ? { ...workflow, steps: workflow.steps.slice(0, 1) } : workflow,
      ),
    };
    expect(mainWorkflows(helperless).map((workflow) => workflow.workflowId)).toEqual(['main', 'other']);
  });
});

describe('expectedStatus', () => {
  const step = (...conditions: string[]): ArazzoStep => ({
    stepId: 's',
    successCriteria: conditions.map((condition) => ({ condition })),
  });
  it.each([
    ['a status criterion', step('$statusCode == 200'), 200],
    ['one after other criteria, spaced loosely', step("$response.body#/a == 'b'", ' $statusCode==400 '), 400],
    ['no status criterion', step("$response.body#/a == 'b'"), undefined],
    ['a comparison that is not equality', step('$statusCode >= 200'), undefined],
    ['no criteria at all', { stepId: 's' }, undefined],
  ])('reads %s', (_case, given, want) => {
    expect(expectedStatus(given)).toBe(want);
  });
});

describe('readWorkflowFiles', () => {
  const directory = mkdtempSync(join(tmpdir(), 'workflows-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('reads the *.arazzo.json files, sorted, and nothing else', () => {
    writeFileSync(join(directory, 'b.arazzo.json'), JSON.stringify(document));
    writeFileSync(
      join(directory, 'a.arazzo.json'),
      JSON.stringify({ ...document, info: { title: 'A', version: '1' } }),
    );
    writeFileSync(join(directory, 'a.arazzo.yaml'), 'arazzo: 1.0.1\n');
    writeFileSync(join(directory, 'notes.json'), '{}');
    const files = readWorkflowFiles(directory);
    expect(files.map(({ file }) => file)).toEqual(['a.arazzo.json', 'b.arazzo.json']);
    expect(files[1]?.document).toEqual(document);
  });
});
