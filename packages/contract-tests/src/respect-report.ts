/**
 * Reads the JSON report of `redocly respect --json-output` (Redocly CLI 2.77): which workflows and
 * steps ran, which checks failed and why, and the totals.
 */

/** One check of a step: a success criterion, or respect's own status-code, content-type and schema checks. */
export interface RespectCheck {
  name: string;
  passed: boolean;
  message?: string;
  severity?: string;
  condition?: string;
}

/** One executed step: the request sent, the response received and the checks made. */
export interface RespectStep {
  type: 'step';
  stepId: string;
  workflowId: string;
  status: string;
  request?: { method?: string; url?: string; body?: unknown };
  response?: { statusCode?: number; body?: unknown };
  checks: RespectCheck[];
}

/**
 * One executed workflow. Child workflows (a step with `workflowId`) and the continuation after a
 * `goto` appear as nested workflows among the steps.
 */
export interface RespectWorkflow {
  type: 'workflow';
  workflowId: string;
  stepId?: string;
  invocationContext?: string;
  status: string;
  totalTimeMs?: number;
  globalTimeoutError?: boolean;
  executedSteps: (RespectStep | RespectWorkflow)[];
}

/** The report: per workflow file (absolute path), the workflows run at the top level. */
export interface RespectReport {
  files: Record<string, { executedWorkflows: RespectWorkflow[]; totalTimeMs?: number; totalRequests?: number }>;
}

/** Totals of a report, as respect's own summary counts them. */
export interface RespectTotals {
  workflows: number;
  failedWorkflows: number;
  steps: number;
  failedSteps: number;
  checks: number;
  failedChecks: number;
  requests: number;
  milliseconds: number;
}

/** Every step `workflow` executed, its child workflows' steps included, in order. */
export function executedSteps(workflow: RespectWorkflow): RespectStep[] {
  return workflow.executedSteps.flatMap((entry) => (entry.type === 'workflow' ? executedSteps(entry) : [entry]));
}

/** Whether `workflow`, every nested workflow, every step and every check passed. */
export function workflowPassed(workflow: RespectWorkflow): boolean {
  return (
    workflow.status === 'success' &&
    !workflow.globalTimeoutError &&
    workflow.executedSteps.every((entry) =>
      entry.type === 'workflow'
        ? workflowPassed(entry)
        : entry.status === 'success' && entry.checks.every((check) => check.passed),
    )
  );
}

/** `value` as compact JSON, cut to `limit` characters. */
function brief(value: unknown, limit = 1_500): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}

/**
 * What went wrong in `workflow`, one block per failing step (its request, response and failed
 * checks); a workflow that failed without a failing step is reported by its status. Empty when it
 * passed.
 */
export function describeFailures(workflow: RespectWorkflow): string[] {
  const failed = executedSteps(workflow).filter(
    (step) => step.status !== 'success' || step.checks.some((check) => !check.passed),
  );
  const blocks = failed.map((step) => {
    const checks = step.checks
      .filter((check) => !check.passed)
      .map((check) => `  ✗ ${check.name}${check.condition ? ` (${check.condition})` : ''}: ${check.message ?? ''}`);
    return [
      `${step.workflowId} › ${step.stepId}: ${step.status}`,
      `  request: ${step.request?.method?.toUpperCase() ?? '?'} ${step.request?.url ?? '?'} ${brief(step.request?.body)}`,
      `  response: HTTP ${step.response?.statusCode ?? '(none)'} ${brief(step.response?.body)}`,
      ...checks,
    ].join('\n');
  });
  if (blocks.length === 0 && !workflowPassed(workflow)) {
    blocks.push(
      `${workflow.workflowId}: ${workflow.status}${workflow.globalTimeoutError ? ' (global timeout)' : ''}, no failing step`,
    );
  }
  return blocks;
}

/** The totals of `report`: top-level workflows, executed steps (child workflows' included) and checks. */
export function reportTotals(report: RespectReport): RespectTotals {
  const files = Object.values(report.files);
  const workflows = files.flatMap((file) => file.executedWorkflows);
  const steps = workflows.flatMap(executedSteps);
  const checks = steps.flatMap((step) => step.checks);
  return {
    workflows: workflows.length,
    failedWorkflows: workflows.filter((workflow) => !workflowPassed(workflow)).length,
    steps: steps.length,
    failedSteps: steps.filter((step) => step.status !== 'success' || step.checks.some((check) => !check.passed)).length,
    checks: checks.length,
    failedChecks: checks.filter((check) => !check.passed).length,
    requests: files.reduce((sum, file) => sum + (file.totalRequests ?? 0), 0),
    milliseconds: Math.round(files.reduce((sum, file) => sum + (file.totalTimeMs ?? 0), 0)),
  };
}

/** The text Redocly CLI 2.x prints in a box on stderr at every start under Node 20. */
export const NODE_END_OF_LIFE_NOTICE = 'Node.js 20 support is ending';

/**
 * `stderr` without Redocly's boxed Node 20 end-of-life notice (from its `╔` line to its `╚` line);
 * other boxes and lines are kept. (`packages/spec/scripts/redocly.mjs` filters lint and bundle
 * output the same way.)
 */
export function withoutNodeEndOfLifeNotice(stderr: string): string {
  return stderr.replace(/^[^\n]*╔[\s\S]*?╚[^\n]*\n?/gm, (box) => (box.includes(NODE_END_OF_LIFE_NOTICE) ? '' : box));
}
