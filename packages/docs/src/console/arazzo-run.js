/**
 * @module console/arazzo-run
 * Runs an Arazzo workflow one step at a time, as the page's "Run step by step" control does: each
 * step's request is built from its operation (method and path), the workflow's and step's
 * `parameters` (components references followed) and its `requestBody`, with runtime expressions
 * resolved (`arazzo-expressions.js`); the answer's success criteria are checked, the step's
 * outputs kept for later steps, and the next step chosen by the first `onSuccess` / `onFailure`
 * action whose criteria hold (`goto` a step, `end`), else the next step in order, or, on failure,
 * the end of the run. A step that calls another workflow runs that workflow's steps to the end
 * in one go; its outputs become `$workflows.<id>.outputs`.
 *
 * The sending is given (`send`), so the runner is the same in the page and in tests. Plain
 * script-compatible JavaScript, inlined into the page (see `console-script.js`).
 */
import { criterionHolds, criterionProblem, isExpression, resolveValue } from './arazzo-expressions.js';

/**
 * @typedef {import('./arazzo-expressions.js').ExpressionContext} ExpressionContext
 * @typedef {import('./arazzo-expressions.js').Criterion} Criterion
 * @typedef {{ name?: string, in?: string, value?: unknown, reference?: string }} RunParameter
 * @typedef {{ name?: string, type: string, stepId?: string, workflowId?: string, criteria?: Criterion[] }} RunAction
 * @typedef {{ stepId: string, description?: string, operationId?: string, workflowId?: string,
 *   parameters?: RunParameter[], requestBody?: {contentType?: string, payload?: unknown},
 *   successCriteria?: Criterion[], onSuccess?: RunAction[], onFailure?: RunAction[],
 *   outputs?: Record<string, string> }} RunStep
 * @typedef {{ workflowId: string, summary?: string, inputs?: {properties?: Record<string, Record<string, unknown>>,
 *   required?: string[]}, parameters?: RunParameter[], steps: RunStep[], outputs?: Record<string, string> }} RunWorkflow
 * @typedef {{ workflows: RunWorkflow[], parameters: Record<string, RunParameter> }} RunDocument
 * @typedef {Record<string, {method: string, path: string}>} RunOperations
 * @typedef {{ method: string, url: string, headers: Record<string, string>, body: unknown }} RunRequest
 * @typedef {{ status: number, headers: Record<string, string>, body: unknown }} RunResponse
 * @typedef {{ condition: string, holds: boolean }} CriterionResult
 * @typedef {{ workflowId: string, stepId: string, description?: string, request?: RunRequest,
 *   response?: RunResponse, error?: string, calls: StepResult[], criteria: CriterionResult[],
 *   outputs: Record<string, unknown>, passed: boolean, next?: string }} StepResult
 */

/** How many steps one run takes at most (the event-paging loops stop far sooner). */
export const MAX_RUN_STEPS = 200;

/** What a shown request holds instead of a secret header's value. */
export const HIDDEN_VALUE = '(hidden)';

/**
 * The defaults of a workflow's inputs: each property's `default`, else its first `examples`
 * entry, else `example`, else nothing (left out).
 * @param {RunWorkflow} workflow
 * @returns {Record<string, unknown>}
 */
export function inputDefaults(workflow) {
  /** @type {Record<string, unknown>} */
  const values = {};
  for (const [name, schema] of Object.entries(workflow.inputs?.properties ?? {})) {
    const examples = /** @type {unknown[] | undefined} */ (schema.examples);
    const value = 'default' in schema ? schema.default : (examples?.[0] ?? schema.example);
    if (value !== undefined) {
      values[name] = value;
    }
  }
  return values;
}

/**
 * A parameter with its `$components.parameters.<name>` reference followed (its own `value` wins).
 * @param {RunParameter} parameter @param {RunDocument} document
 * @returns {RunParameter}
 */
function followReference(parameter, document) {
  if (!parameter.reference) {
    return parameter;
  }
  const name = parameter.reference.replace(/^\$components\.parameters\./, '');
  const found = document.parameters[name];
  if (!found || name === parameter.reference) {
    throw new Error(`unknown parameter reference ${parameter.reference}`);
  }
  return { ...found, ...(parameter.value !== undefined ? { value: parameter.value } : {}) };
}

/**
 * @param {Criterion} criterion
 * @returns {string} the criterion as written: its condition, and its context when it has one
 */
function criterionText(criterion) {
  const type = typeof criterion.type === 'object' ? criterion.type.type : criterion.type;
  return criterion.context
    ? `${criterion.context} ${type === 'regex' ? 'matches' : 'holds'} ${criterion.condition}`
    : criterion.condition;
}

/**
 * @param {Criterion[]} criteria @param {ExpressionContext} context
 * @returns {CriterionResult[]}
 */
function checked(criteria, context) {
  return criteria.map((criterion) => {
    let holds = false;
    try {
      holds = criterionHolds(criterion, context);
    } catch {
      holds = false;
    }
    return { condition: criterionText(criterion), holds };
  });
}

/**
 * A workflow run, one step per `runNextStep()`.
 * @param {{ document: RunDocument, workflowId: string, inputs: Record<string, unknown>,
 *   operations: RunOperations, baseUrl: string, send: (request: RunRequest) => Promise<RunResponse>,
 *   hiddenHeaders?: string[] }} options
 */
export function createWorkflowRun(options) {
  const { document, workflowId, operations, send } = options;
  const hidden = new Set((options.hiddenHeaders ?? []).map((name) => name.toLowerCase()));
  const workflow = document.workflows.find((candidate) => candidate.workflowId === workflowId);
  if (!workflow) {
    throw new Error(`no workflow ${workflowId}`);
  }
  /** @type {ExpressionContext} */
  const context = { inputs: { ...options.inputs }, steps: {}, workflows: {} };
  /** @type {number | undefined} */
  let index = workflow.steps.length > 0 ? 0 : undefined;
  let taken = 0;
  let failed = false;

  /** @param {RunStep} step @returns {Promise<Omit<StepResult, 'next'>>} */
  async function callOperation(step) {
    const operation = operations[step.operationId ?? ''];
    if (!operation) {
      throw new Error(`step ${step.stepId} calls ${step.operationId}, which the spec does not have`);
    }
    /** @type {Record<string, string>} */
    const headers = { 'Content-Type': step.requestBody?.contentType ?? 'application/json' };
    let path = operation.path;
    const query = new URLSearchParams();
    for (const raw of [...(workflow?.parameters ?? []), ...(step.parameters ?? [])]) {
      const parameter = followReference(raw, document);
      const value = String(resolveValue(parameter.value, context) ?? '');
      if (parameter.in === 'header' && parameter.name) {
        headers[parameter.name] = value;
      } else if (parameter.in === 'path' && parameter.name) {
        path = path.replace(`{${parameter.name}}`, encodeURIComponent(value));
      } else if (parameter.in === 'query' && parameter.name) {
        query.set(parameter.name, value);
      }
    }
    const url = `${options.baseUrl.replace(/\/+$/, '')}${path}${query.size > 0 ? `?${query}` : ''}`;
    const body = step.requestBody ? resolveValue(step.requestBody.payload, context) : undefined;
    /** @type {RunRequest} */
    const request = { method: operation.method, url, headers, body };
    const shown = {
      ...request,
      headers: Object.fromEntries(
        Object.entries(headers).map(([name, value]) => [name, hidden.has(name.toLowerCase()) ? HIDDEN_VALUE : value]),
      ),
    };
    context.request = request;
    context.response = undefined;
    /** @type {RunResponse} */
    let response;
    try {
      response = await send(request);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return {
        workflowId,
        stepId: step.stepId,
        description: step.description,
        request: shown,
        error: message,
        calls: [],
        criteria: [],
        outputs: {},
        passed: false,
      };
    }
    context.response = response;
    const criteria = checked(step.successCriteria ?? [], context);
    return {
      workflowId,
      stepId: step.stepId,
      description: step.description,
      request: shown,
      response,
      calls: [],
      criteria,
      outputs: stepOutputs(step),
      passed: criteria.every(({ holds }) => holds),
    };
  }

  /** @param {RunStep} step */
  function stepOutputs(step) {
    /** @type {Record<string, unknown>} */
    const outputs = {};
    for (const [name, expression] of Object.entries(step.outputs ?? {})) {
      try {
        outputs[name] = resolveValue(expression, context);
      } catch {
        outputs[name] = undefined;
      }
    }
    context.steps[step.stepId] = { outputs };
    return outputs;
  }

  /** @param {RunStep} step @returns {Promise<Omit<StepResult, 'next'>>} */
  async function callWorkflow(step) {
    /** @type {Record<string, unknown>} */
    const inputs = {};
    for (const parameter of step.parameters ?? []) {
      if (parameter.name && !parameter.in) {
        inputs[parameter.name] = resolveValue(parameter.value, context);
      }
    }
    const inner = createWorkflowRun({ ...options, workflowId: step.workflowId ?? '', inputs });
    /** @type {StepResult[]} */
    const calls = [];
    while (!inner.finished) {
      calls.push(await inner.runNextStep());
    }
    context.workflows[step.workflowId ?? ''] = { outputs: inner.outputs() };
    context.request = undefined;
    context.response = undefined;
    const criteria = checked(step.successCriteria ?? [], context);
    return {
      workflowId,
      stepId: step.stepId,
      description: step.description,
      calls,
      criteria,
      outputs: stepOutputs(step),
      passed: !inner.failed && criteria.every(({ holds }) => holds),
    };
  }

  /**
   * The step after `step`: the target of the first action whose criteria hold, else the next
   * step on success, the end on failure. `undefined` is the end.
   * @param {RunStep} step @param {number} at @param {boolean} passed
   */
  function nextIndex(step, at, passed) {
    const actions = (passed ? step.onSuccess : step.onFailure) ?? [];
    const action = actions.find((candidate) => checked(candidate.criteria ?? [], context).every(({ holds }) => holds));
    if (action?.type === 'goto' && action.stepId) {
      const target = workflow?.steps.findIndex((candidate) => candidate.stepId === action.stepId) ?? -1;
      if (target < 0) {
        throw new Error(`step ${step.stepId} goes to ${action.stepId}, which ${workflowId} does not have`);
      }
      return target;
    }
    if (action?.type === 'end' || !passed) {
      return undefined;
    }
    return at + 1 < (workflow?.steps.length ?? 0) ? at + 1 : undefined;
  }

  return {
    /** Whether no step is left to run. */
    get finished() {
      return index === undefined;
    },
    /** Whether a step of the run failed (its criteria did not hold, or it got no answer). */
    get failed() {
      return failed;
    },
    /** The step `runNextStep` runs next, if any. */
    get nextStep() {
      return index === undefined ? undefined : workflow?.steps[index];
    },
    /** The workflow's outputs, from what has run so far. */
    outputs() {
      return /** @type {Record<string, unknown>} */ (resolveValue(workflow?.outputs ?? {}, context));
    },
    /**
     * Runs the next step and says what happened.
     * @returns {Promise<StepResult>}
     */
    async runNextStep() {
      if (index === undefined) {
        throw new Error(`workflow ${workflowId} has no step left to run`);
      }
      taken += 1;
      const at = index;
      const step = /** @type {RunStep} */ (workflow?.steps[at]);
      const result = step.workflowId ? await callWorkflow(step) : await callOperation(step);
      failed = failed || !result.passed;
      index = result.error ? undefined : nextIndex(step, at, result.passed);
      if (index !== undefined && taken >= MAX_RUN_STEPS) {
        failed = true;
        index = undefined;
        return { ...result, passed: false, error: `stopped after ${MAX_RUN_STEPS} steps` };
      }
      return { ...result, next: index === undefined ? undefined : workflow?.steps[index]?.stepId };
    },
  };
}

/**
 * The strings of `value` (a payload, a parameter value) that start with `$`.
 * @param {unknown} value @returns {string[]}
 */
function expressionsIn(value) {
  if (typeof value === 'string') {
    return [
      ...(value.trim().startsWith('$') ? [value.trim()] : []),
      ...[...value.matchAll(/\{(\$[^{}]+)\}/g)].map((match) => match[1] ?? ''),
    ];
  }
  if (value && typeof value === 'object') {
    return Object.values(value).flatMap(expressionsIn);
  }
  return [];
}

/**
 * What of `document` the page could not run: unknown operations, workflows, parameter
 * references or goto targets, runtime expressions and criteria it does not read. Empty when it
 * can run every workflow.
 * @param {RunDocument} document @param {RunOperations} operations
 * @returns {string[]}
 */
export function workflowProblems(document, operations) {
  /** @type {string[]} */
  const problems = [];
  for (const workflow of document.workflows) {
    const where = (/** @type {string} */ stepId) => `${workflow.workflowId}.${stepId}`;
    const parameters = [...(workflow.parameters ?? [])];
    for (const step of workflow.steps) {
      if (step.operationId && !operations[step.operationId]) {
        problems.push(`${where(step.stepId)}: unknown operation ${step.operationId}`);
      }
      if (step.workflowId && !document.workflows.some((candidate) => candidate.workflowId === step.workflowId)) {
        problems.push(`${where(step.stepId)}: unknown workflow ${step.workflowId}`);
      }
      if (!step.operationId && !step.workflowId) {
        problems.push(`${where(step.stepId)}: calls neither an operation nor a workflow`);
      }
      const actions = [...(step.onSuccess ?? []), ...(step.onFailure ?? [])];
      for (const action of actions) {
        const known = workflow.steps.some((candidate) => candidate.stepId === action.stepId);
        if (action.type !== 'end' && !(action.type === 'goto' && action.stepId && known)) {
          problems.push(`${where(step.stepId)}: action ${action.name ?? action.type} is neither end nor goto a step`);
        }
      }
      const criteria = [...(step.successCriteria ?? []), ...actions.flatMap((action) => action.criteria ?? [])];
      for (const criterion of criteria) {
        const problem = criterionProblem(criterion);
        if (problem) {
          problems.push(`${where(step.stepId)}: ${problem}`);
        }
      }
      for (const parameter of [...parameters, ...(step.parameters ?? [])]) {
        try {
          followReference(parameter, document);
        } catch (error) {
          problems.push(`${where(step.stepId)}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      const values = [
        step.requestBody?.payload,
        ...(step.parameters ?? []).map((parameter) => parameter.value),
        ...Object.values(step.outputs ?? {}),
      ];
      for (const expression of values.flatMap(expressionsIn)) {
        if (!isExpression(expression)) {
          problems.push(`${where(step.stepId)}: unsupported runtime expression ${expression}`);
        }
      }
    }
    for (const expression of expressionsIn(workflow.outputs ?? {})) {
      if (!isExpression(expression)) {
        problems.push(`${workflow.workflowId}: unsupported runtime expression ${expression}`);
      }
    }
  }
  return problems;
}
