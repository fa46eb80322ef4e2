/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * @module console/workflow-panel
 * The "Run step by step" control of each workflow in the page's Workflows section: the console's
 * shared server and credentials (the same fields, the same memory-only state), the workflow's
 * other inputs to edit (filled from their defaults and examples), a button that runs the next
 * step (`arazzo-run.js`) and shows its request (the secret hidden), status, body, outputs and
 * each success criterion held or not, with the focus moved to that result; and Reset.
 *
 * Plain script-compatible JavaScript, inlined into the page after `console-page.js` (see
 * `console-script.js`).
 */
import { createWorkflowRun, inputDefaults } from './arazzo-run.js';
import { element, labelled, newId, sendRequest } from './console-page.js';

/**
 * @typedef {import('./arazzo-run.js').RunWorkflow} RunWorkflow
 * @typedef {import('./arazzo-run.js').RunDocument} RunDocument
 * @typedef {import('./arazzo-run.js').StepResult} StepResult
 * @typedef {import('./arazzo-run.js').RunRequest} RunRequest
 */

/** The workflow inputs that are the console's shared credentials, not fields of the workflow. */
export const CREDENTIAL_INPUTS = Object.freeze({ clientId: 'clientId', secret: 'secret' });

/**
 * The text of a JSON value as the page shows it.
 * @param {unknown} value
 */
function shownJson(value) {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

/**
 * A workflow input's value from its field: numbers for `integer`/`number` inputs, else the text;
 * an error naming the input when a number is not one.
 * @param {string} name @param {Record<string, unknown>} schema @param {string} text
 */
export function inputValue(name, schema, text) {
  if (schema.type === 'integer' || schema.type === 'number') {
    const value = Number(text);
    if (text.trim() === '' || Number.isNaN(value) || (schema.type === 'integer' && !Number.isInteger(value))) {
      throw new Error(`${name} must be ${schema.type === 'integer' ? 'an integer' : 'a number'}`);
    }
    return value;
  }
  return text;
}

/**
 * Sends a step's request with the console's `sendRequest` and reads it as the runner needs it.
 * @param {RunRequest} request
 */
async function sendStep(request) {
  const answer = await sendRequest({
    url: request.url,
    method: request.method,
    headers: request.headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  return { status: answer.status, headers: Object.fromEntries(answer.headers), body: answer.body };
}

/**
 * The result of one step: a heading that says whether it passed, its request and answer, its
 * outputs, its criteria and, for a called workflow, the steps it ran.
 * @param {StepResult} result @param {number} number its place in the run (1 for the first step run)
 * @returns {HTMLLIElement}
 */
function stepResultItem(result, number) {
  const headingId = newId('step');
  const verdict = result.passed ? 'passed' : 'failed';
  const item = element('li', {
    class: `svc-step svc-step-${verdict}`,
    tabindex: '-1',
    'aria-labelledby': headingId,
    'data-console-step': result.stepId,
    'data-console-verdict': verdict,
  });
  item.append(
    element('p', { class: 'svc-step-heading', id: headingId }, [
      element('strong', {}, [`${number}. ${result.stepId}: ${verdict}`]),
      result.response ? ` (HTTP ${result.response.status})` : '',
    ]),
  );
  if (result.description) {
    item.append(element('p', { class: 'svc-note' }, [result.description]));
  }
  if (result.request) {
    const { method, url, headers, body } = result.request;
    item.append(
      element('details', {}, [
        element('summary', {}, [`Request: ${method} ${url}`]),
        element('pre', { 'data-console': 'step-request' }, [
          [
            ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
            '',
            body === undefined ? '' : shownJson(body),
          ].join('\n'),
        ]),
      ]),
    );
  }
  if (result.error) {
    item.append(element('p', { 'data-console': 'step-error' }, [`No answer: ${result.error}`]));
  }
  if (result.response) {
    item.append(
      element('details', result.passed ? {} : { open: '' }, [
        element('summary', {}, [`Response body (HTTP ${result.response.status})`]),
        element(
          'pre',
          { 'data-console': 'step-body', tabindex: '0', 'aria-label': `Response body of ${result.stepId}` },
          [shownJson(result.response.body)],
        ),
      ]),
    );
  }
  if (result.calls.length > 0) {
    const inner = element('ol', { class: 'svc-steps' });
    result.calls.forEach((call, index) => {
      inner.append(stepResultItem(call, index + 1));
    });
    item.append(
      element('details', {}, [
        element('summary', {}, [`Steps of the called workflow (${result.calls.length})`]),
        inner,
      ]),
    );
  }
  if (result.criteria.length > 0) {
    item.append(
      element('p', { class: 'svc-step-label' }, ['Success criteria:']),
      element(
        'ul',
        { class: 'svc-criteria', 'data-console': 'criteria' },
        result.criteria.map(({ condition, holds }) =>
          element('li', { 'data-holds': String(holds) }, [
            holds ? '✓ holds: ' : '✗ does not hold: ',
            element('code', {}, [condition]),
          ]),
        ),
      ),
    );
  }
  const outputs = Object.entries(result.outputs);
  if (outputs.length > 0) {
    item.append(
      element('p', { class: 'svc-step-label' }, ['Outputs:']),
      element(
        'dl',
        { class: 'svc-facts', 'data-console': 'outputs' },
        outputs.flatMap(([name, value]) => [
          element('dt', {}, [name]),
          element('dd', {}, [element('code', {}, [value === undefined ? '(absent)' : shownJson(value)])]),
        ]),
      ),
    );
  }
  return item;
}

/**
 * The "Run step by step" panels: returns the function that adds one at the end of each workflow's
 * section (its heading, description and step table) of the Workflows section Redoc shows, when it
 * has none yet.
 * @param {{ data: import('./console-page.js').ConsoleData,
 *   state: { clientId: string, secret: string },
 *   panels: Map<string, {root: HTMLElement, refresh: () => void}>,
 *   connectionFields: (onChange: () => void) => {fieldset: HTMLElement, refresh: () => void},
 *   baseUrl: () => string }} shared what the console's panels share
 */
export function workflowPanels(shared) {
  const { data, state, panels } = shared;

  /**
   * @param {RunDocument} document @param {RunWorkflow} workflow
   */
  function buildPanel(document, workflow) {
    const root = element('details', {
      class: 'svc-console svc-workflow',
      'data-console-workflow': workflow.workflowId,
    });
    const connection = shared.connectionFields(() => {});
    const properties = workflow.inputs?.properties ?? {};
    const schemaOf = (/** @type {string} */ name) => properties[name] ?? {};
    const defaults = inputDefaults(workflow);
    /** @type {[string, HTMLInputElement][]} */
    const inputFields = Object.keys(properties)
      .filter((name) => name !== CREDENTIAL_INPUTS.clientId && name !== CREDENTIAL_INPUTS.secret)
      .map((name) => {
        const field = element('input', {
          type: /secret/i.test(name) ? 'password' : 'text',
          autocomplete: 'off',
          spellcheck: 'false',
          'data-console-input': name,
          ...(schemaOf(name).type === 'integer' || schemaOf(name).type === 'number' ? { inputmode: 'numeric' } : {}),
        });
        field.value = defaults[name] === undefined ? '' : String(defaults[name]);
        return [name, field];
      });
    const usesCredentials = CREDENTIAL_INPUTS.clientId in properties || CREDENTIAL_INPUTS.secret in properties;
    const inputs = element('fieldset', { class: 'svc-inputs' }, [
      element('legend', {}, ['Workflow inputs']),
      ...(usesCredentials
        ? [element('p', { class: 'svc-note' }, ['clientId and secret: the client id and secret above.'])]
        : []),
      ...inputFields.map(([name, field]) => {
        const description = /** @type {string | undefined} */ (schemaOf(name).description);
        return labelled(description ? `${name}: ${description}` : name, field);
      }),
    ]);
    const progress = element('p', { class: 'svc-status', 'aria-live': 'polite', 'data-console': 'workflow-progress' });
    const next = element('button', { type: 'button', class: 'svc-send', 'data-console': 'run-next' });
    const reset = element('button', { type: 'button', 'data-console': 'run-reset' }, ['Reset']);
    const results = element('ol', { class: 'svc-steps', 'data-console': 'workflow-steps', 'aria-label': 'Steps run' });

    /** @type {ReturnType<typeof createWorkflowRun> | undefined} */
    let run;
    let count = 0;

    function showProgress() {
      const step = run ? run.nextStep : workflow.steps[0];
      next.disabled = Boolean(run?.finished);
      next.textContent = step ? `Run next step: ${step.stepId}` : 'Run next step';
      for (const [, field] of inputFields) {
        field.disabled = Boolean(run);
      }
      if (!run) {
        progress.textContent = `${workflow.steps.length} steps; the first is ${workflow.steps[0]?.stepId ?? 'none'}.`;
      } else if (run.finished) {
        progress.textContent = run.failed
          ? `The workflow stopped: a step failed (${count} run). Reset to start again.`
          : `The workflow ran to the end: every success criterion held (${count} steps run).`;
      } else {
        progress.textContent = `${count} steps run; next: ${run.nextStep?.stepId}.`;
      }
    }

    /** @returns {ReturnType<typeof createWorkflowRun>} */
    function startRun() {
      /** @type {Record<string, unknown>} */
      const values = { [CREDENTIAL_INPUTS.clientId]: state.clientId, [CREDENTIAL_INPUTS.secret]: state.secret };
      for (const [name, field] of inputFields) {
        values[name] = inputValue(name, schemaOf(name), field.value);
      }
      return createWorkflowRun({
        document,
        workflowId: workflow.workflowId,
        inputs: values,
        operations: data.workflows.operations,
        baseUrl: shared.baseUrl(),
        send: sendStep,
        hiddenHeaders: [data.headers.secret],
      });
    }

    next.addEventListener('click', async () => {
      if (usesCredentials && (!state.clientId || !state.secret)) {
        progress.textContent = 'Enter the client id and secret above first.';
        return;
      }
      try {
        run = run ?? startRun();
      } catch (error) {
        progress.textContent = `Not run: ${error instanceof Error ? error.message : String(error)}.`;
        return;
      }
      next.disabled = true;
      progress.textContent = `Running ${run.nextStep?.stepId}…`;
      /** @type {StepResult} */
      let result;
      try {
        result = await run.runNextStep();
      } catch (error) {
        progress.textContent = `Not run: ${error instanceof Error ? error.message : String(error)}.`;
        next.disabled = false;
        return;
      }
      count += 1;
      const item = stepResultItem(result, count);
      results.append(item);
      showProgress();
      item.focus();
    });
    reset.addEventListener('click', () => {
      run = undefined;
      count = 0;
      results.replaceChildren();
      showProgress();
      next.focus();
    });

    root.append(
      element('summary', {}, [`Run step by step: ${workflow.summary ?? workflow.workflowId}`]),
      connection.fieldset,
      inputs,
      element('p', { class: 'svc-note' }, [
        'Each click runs the next step against the server above (the local sandbox unless you chose another), with the values of the steps before.',
      ]),
      progress,
      next,
      reset,
      results,
    );
    showProgress();
    connection.refresh();
    return { root, refresh: connection.refresh };
  }

  return function attachWorkflows() {
    const headings = [...document.querySelectorAll('h4')];
    for (const workflowDocument of data.workflows.documents) {
      for (const workflow of workflowDocument.workflows) {
        const title = workflow.summary ?? workflow.workflowId;
        const heading = headings.find((candidate) => candidate.textContent?.trim() === title);
        // Redoc renders the heading, the description and the step table as blocks of one section.
        const container = heading?.closest('[data-section-id]');
        if (!container) {
          continue;
        }
        const key = `workflow:${workflowDocument.file}#${workflow.workflowId}`;
        let panel = panels.get(key);
        if (!panel) {
          panel = buildPanel(/** @type {RunDocument} */ (workflowDocument), /** @type {RunWorkflow} */ (workflow));
          panels.set(key, panel);
        }
        if (panel.root.parentElement !== container) {
          container.append(panel.root);
          panel.refresh();
        }
      }
    }
  };
}
