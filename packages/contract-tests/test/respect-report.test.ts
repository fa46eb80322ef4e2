import { describe, expect, it } from 'vitest';
import {
  describeFailures,
  executedSteps,
  type RespectCheck,
  type RespectStep,
  type RespectWorkflow,
  reportTotals,
  withoutNodeEndOfLifeNotice,
  workflowPassed,
} from '../src/respect-report.js';

const passed: RespectCheck = { name: 'status code check', passed: true };
const failed: RespectCheck = {
  name: 'success criteria check',
  passed: false,
  condition: "$response.body#/status == 'INITIATED'",
  message: 'Checking simple criteria',
};

function step(stepId: string, checks: RespectCheck[] = [passed], status = 'success'): RespectStep {
  return {
    type: 'step',
    stepId,
    workflowId: 'flow',
    status,
    request: { method: 'post', url: 'http://127.0.0.1:1/x', body: { a: 1 } },
    response: { statusCode: 400, body: { error_code: 'X' } },
    checks,
  };
}

function workflow(entries: (RespectStep | RespectWorkflow)[], status = 'success'): RespectWorkflow {
  return { type: 'workflow', workflowId: 'flow', status, executedSteps: entries };
}

const nested = workflow([step('a'), workflow([step('b'), workflow([step('c')])]), step('d')]);

describe('executedSteps', () => {
  it('lists the steps of nested child and goto workflows in order', () => {
    expect(executedSteps(nested).map((entry) => entry.stepId)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('workflowPassed', () => {
  it.each([
    ['every step and check passed', nested, true],
    ['a nested check failed', workflow([step('a'), workflow([step('b', [passed, failed])])]), false],
    ['a step errored with passing checks', workflow([step('a', [passed], 'error')]), false],
    ['the workflow itself failed', workflow([step('a')], 'error'), false],
    ['it hit the global timeout', { ...nested, globalTimeoutError: true }, false],
  ])('is right when %s', (_case, given, want) => {
    expect(workflowPassed(given)).toBe(want);
  });
});

describe('describeFailures', () => {
  it('is empty for a passing workflow', () => {
    expect(describeFailures(nested)).toEqual([]);
  });

  it('names the failing step, its request, response and failed checks only', () => {
    const [block, ...rest] = describeFailures(workflow([step('a'), workflow([step('b', [passed, failed])])]));
    expect(rest).toEqual([]);
    expect(block?.split('\n')).toEqual([
      'flow › b: success',
      '  request: POST http://127.0.0.1:1/x {"a":1}',
      '  response: HTTP 400 {"error_code":"X"}',
      `  ✗ success criteria check ($response.body#/status == 'INITIATED'): Checking simple criteria`,
    ]);
  });

  it('reports a failed workflow without a failing step by its status', () => {
    expect(describeFailures(workflow([], 'error'))).toEqual(['flow: error, no failing step']);
  });

  it('cuts long bodies', () => {
    const long = { ...step('a', [failed]), request: { method: 'post', url: 'u', body: 'x'.repeat(5_000) } };
    const [block] = describeFailures(workflow([long]));
    expect(block?.length).toBeLessThan(2_000);
    expect(block).toContain('…');
  });
});

describe('reportTotals', () => {
  it('counts top-level workflows, every executed step and check, requests and time', () => {
    const report = {
      files: {
        '/a.arazzo.yaml': { executedWorkflows: [nested], totalRequests: 4, totalTimeMs: 10.4 },
        '/b.arazzo.yaml': {
          executedWorkflows: [workflow([step('e', [passed, failed])], 'error')],
          totalRequests: 1,
          totalTimeMs: 5.3,
        },
      },
    };
    expect(reportTotals(report)).toEqual({
      workflows: 2,
      failedWorkflows: 1,
      steps: 5,
      failedSteps: 1,
      checks: 6,
      failedChecks: 1,
      requests: 5,
      milliseconds: 16,
    });
  });
});

describe('withoutNodeEndOfLifeNotice', () => {
  const box = (line: string) =>
    ['    ╔══════════╗', '    ║          ║', `    ║  ${line}  ║`, '    ╚══════════╝', ''].join('\n');
  it.each([
    [
      'drops the Node 20 box',
      `\n${box('Deprecation warning: Node.js 20 support is ending')}\n Tests exited with error \n`,
      '\n\n Tests exited with error \n',
    ],
    ['keeps another box', box('Something else'), box('Something else')],
    ['keeps plain output', 'Tests exited with error\n', 'Tests exited with error\n'],
  ])('%s', (_case, given, want) => {
    expect(withoutNodeEndOfLifeNotice(given)).toBe(want);
  });
});
