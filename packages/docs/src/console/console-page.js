/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * @module console/console-page
 * The "Try it" console, as it runs in the page: beside each operation's request samples, a panel
 * to choose the server (the spec's `servers`: the local sandbox, the local mock, the hosted ones;
 * the URL can be edited), enter the client id and secret, edit the request body (from each named
 * example, checked against the request schema as one types, naming the wrong field), send it and
 * read the answer: status, headers, body, duration and `request_id`, the `error_code` linked to
 * its section of the error docs and, on the local sandbox, the inspector. On the local sandbox it
 * also offers the fault header and the client's test clock; on the mock, its `Prefer` examples.
 * Values of one answer (`access_token`, `public_token`, `transfer_id`, ...) can be carried into
 * the next request.
 *
 * Credentials live in this script's memory only: never in storage, cookies or the URL, never
 * logged, gone on reload. The page sends requests to the chosen server and nowhere else.
 *
 * Plain script-compatible JavaScript: the build inlines it with `schema-check.js` (see
 * `console-script.js`); `startConsole` runs with the data of `console-data.js`.
 */
import { bodyProblems } from './schema-check.js';
import { workflowPanels } from './workflow-panel.js';

/** The `id` of the `<script type="application/json">` holding the console's data. */
export const CONSOLE_DATA_ID = 'svc-console-data';

/**
 * @typedef {ReturnType<typeof import('./console-data.js').consoleData>} ConsoleData
 * @typedef {{ path: string, method: string, operationId: string, summary: string, schema: Record<string, unknown>,
 *   fields: string[], examples: {name: string, summary?: string, value: unknown}[], prefer: {value: string, label: string}[] }} ConsoleOperation
 * @typedef {{ status: number, statusText: string, headers: [string, string][], body: unknown, text: string,
 *   milliseconds: number, requestId?: string, errorCode?: string }} ConsoleAnswer
 */

/**
 * Values an answer offers to later requests: its top-level string fields named `*_token` or
 * `*_id` (not `request_id`), and `<field>_id` for a top-level object with an `id`
 * (`{"transfer": {"id": ...}}` gives `transfer_id`).
 * @param {unknown} body
 * @returns {[string, string][]}
 */
export function carriedValues(body) {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return [];
  }
  /** @type {[string, string][]} */
  const found = [];
  for (const [name, value] of Object.entries(body)) {
    if (typeof value === 'string' && /_(token|id)$/.test(name) && name !== 'request_id') {
      found.push([name, value]);
    } else if (value && typeof value === 'object' && !Array.isArray(value)) {
      const id = /** @type {Record<string, unknown>} */ (value).id;
      if (typeof id === 'string') {
        found.push([`${name}_id`, id]);
      }
    }
  }
  return found;
}

/**
 * `text` (a JSON object) with `field` set to `value`, or `undefined` when `text` is not a JSON object.
 * @param {string} text @param {string} field @param {string} value
 */
export function withField(text, field, value) {
  try {
    const body = JSON.parse(text);
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      return undefined;
    }
    return JSON.stringify({ ...body, [field]: value }, null, 2);
  } catch {
    return undefined;
  }
}

/**
 * Sends one request (a `POST` unless `method` says otherwise) and reads its answer.
 * @param {{ url: string, headers: Record<string, string>, body?: string, method?: string }} request
 * @param {typeof fetch} [send]
 * @returns {Promise<ConsoleAnswer>}
 */
export async function sendRequest(request, send = fetch) {
  const started = performance.now();
  const response = await send(request.url, {
    method: request.method ?? 'POST',
    headers: request.headers,
    body: request.body,
  });
  const text = await response.text();
  const milliseconds = Math.round(performance.now() - started);
  /** @type {unknown} */
  let body = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: shown as text
  }
  const record = body && typeof body === 'object' ? /** @type {Record<string, unknown>} */ (body) : {};
  return {
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers.entries()],
    body,
    text,
    milliseconds,
    requestId: typeof record.request_id === 'string' ? record.request_id : undefined,
    errorCode: typeof record.error_code === 'string' ? record.error_code : undefined,
  };
}

/**
 * A new element with these attributes and children.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag @param {Record<string, string>} [attributes] @param {(Node | string)[]} [children]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function element(tag, attributes = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    node.setAttribute(name, value);
  }
  node.append(...children);
  return node;
}

let uniqueId = 0;
/**
 * An element id unique in the page.
 * @param {string} prefix
 */
export function newId(prefix) {
  uniqueId += 1;
  return `svc-console-${prefix}-${uniqueId}`;
}

/**
 * A labelled control: `<label for>` + the control, in a `<div class="svc-field">`.
 * @param {string} text @param {HTMLElement} control
 */
export function labelled(text, control) {
  if (!control.id) {
    control.id = newId('field');
  }
  return element('div', { class: 'svc-field' }, [element('label', { for: control.id }, [text]), control]);
}

/**
 * Starts the console: reads its data and adds a panel to each operation section Redoc shows,
 * now and as sections are rendered.
 * @param {ConsoleData} data
 */
export function startConsole(data) {
  const operations = /** @type {Record<string, ConsoleOperation>} */ (data.operations);
  const localIndex = data.servers.findIndex((server) => server.environment === data.environments.sandbox);
  /** The page's shared state: the chosen server, the credentials (memory only), carried values. */
  const state = {
    serverIndex: Math.max(localIndex, 0),
    serverUrl: data.servers[Math.max(localIndex, 0)]?.url ?? '',
    clientId: '',
    secret: '',
    /** @type {Map<string, {value: string, from: string}>} */
    carried: new Map(),
  };
  /** @type {Map<string, {root: HTMLElement, refresh: () => void}>} */
  const panels = new Map();

  const environment = () => data.servers[state.serverIndex]?.environment ?? '';
  const baseUrl = () => state.serverUrl.replace(/\/+$/, '');
  /** The JSON content type and the credential headers (when filled in). */
  const credentials = () => {
    /** @type {Record<string, string>} */
    const headers = { 'Content-Type': 'application/json' };
    if (state.clientId) {
      headers[data.headers.clientId] = state.clientId;
    }
    if (state.secret) {
      headers[data.headers.secret] = state.secret;
    }
    return headers;
  };

  function refreshAll() {
    for (const panel of panels.values()) {
      panel.refresh();
    }
  }

  /**
   * The server and credential fields, bound to the shared state.
   * @param {() => void} onChange
   */
  function connectionFields(onChange) {
    const server = element('select', { 'data-console': 'server' });
    data.servers.forEach((entry, index) => {
      server.append(
        element('option', { value: String(index) }, [`${entry.description.replace(/\s*\(.*$/, '')} — ${entry.url}`]),
      );
    });
    const url = element('input', {
      type: 'url',
      'data-console': 'server-url',
      spellcheck: 'false',
      autocomplete: 'off',
    });
    const clientId = element('input', {
      type: 'text',
      'data-console': 'client-id',
      autocomplete: 'off',
      spellcheck: 'false',
    });
    const secret = element('input', { type: 'password', 'data-console': 'secret', autocomplete: 'off' });
    const note = element('p', { class: 'svc-note', id: newId('note') }, [
      'The client id and secret stay in this page’s memory only (never stored, never in the URL) and are shared by every panel; a reload forgets them.',
    ]);
    secret.setAttribute('aria-describedby', note.id);
    server.addEventListener('change', () => {
      state.serverIndex = Number(server.value);
      state.serverUrl = data.servers[state.serverIndex]?.url ?? '';
      refreshAll();
    });
    url.addEventListener('input', () => {
      state.serverUrl = url.value;
    });
    url.addEventListener('change', refreshAll);
    clientId.addEventListener('input', () => {
      state.clientId = clientId.value;
    });
    secret.addEventListener('input', () => {
      state.secret = secret.value;
    });
    clientId.addEventListener('change', refreshAll);
    secret.addEventListener('change', refreshAll);
    const fieldset = element('fieldset', { class: 'svc-connection' }, [
      element('legend', {}, ['Server and credentials']),
      labelled('Server', server),
      labelled('Server URL', url),
      labelled('Client ID', clientId),
      labelled('Secret', secret),
      note,
    ]);
    return {
      fieldset,
      refresh() {
        server.value = String(state.serverIndex);
        if (document.activeElement !== url) {
          url.value = state.serverUrl;
        }
        if (document.activeElement !== clientId) {
          clientId.value = state.clientId;
        }
        if (document.activeElement !== secret) {
          secret.value = state.secret;
        }
        onChange();
      },
    };
  }

  /**
   * Renders an answer into `output`.
   * @param {HTMLElement} output @param {ConsoleAnswer} answer @param {string} env
   */
  function showAnswer(output, answer, env) {
    const summary = element('p', { class: 'svc-status', 'data-console': 'status' }, [
      element('strong', {}, [`HTTP ${answer.status}${answer.statusText ? ` ${answer.statusText}` : ''}`]),
      ` in ${answer.milliseconds} ms`,
    ]);
    const facts = element('dl', { class: 'svc-facts' });
    if (answer.requestId) {
      facts.append(
        element('dt', {}, ['request_id']),
        element('dd', { 'data-console': 'request-id' }, [element('code', {}, [answer.requestId])]),
      );
    }
    if (answer.errorCode) {
      const anchor = /** @type {Record<string, string>} */ (data.errorAnchors)[answer.errorCode];
      const code = anchor
        ? element('a', { href: anchor, 'data-console': 'error-link' }, [answer.errorCode])
        : element('code', {}, [answer.errorCode]);
      facts.append(
        element('dt', {}, ['error_code']),
        element('dd', {}, [code, anchor ? ' (its section of the error docs)' : '']),
      );
    }
    if (env === data.environments.sandbox) {
      facts.append(
        element('dt', {}, ['Inspector']),
        element('dd', {}, [
          element(
            'a',
            {
              href: `${baseUrl()}${data.inspectorPath}`,
              target: '_blank',
              rel: 'noopener',
              'data-console': 'inspector-link',
            },
            ['this request in the sandbox inspector'],
          ),
          answer.requestId ? ` (find ${answer.requestId})` : '',
        ]),
      );
    }
    const headers = element('details', { class: 'svc-headers' }, [
      element('summary', {}, [`Response headers (${answer.headers.length})`]),
      element('pre', { 'data-console': 'headers' }, [
        answer.headers.map(([name, value]) => `${name}: ${value}`).join('\n'),
      ]),
    ]);
    const body = element(
      'pre',
      { class: 'svc-body', 'data-console': 'body', tabindex: '0', 'aria-label': 'Response body' },
      [typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body, null, 2)],
    );
    output.replaceChildren(summary, facts, headers, body);
  }

  /**
   * The test clock controls (local sandbox).
   * @param {() => Record<string, string>} credentials
   */
  function clockControls(credentials) {
    const shown = element('output', { 'data-console': 'clock' }, ['not read yet']);
    const read = element('button', { type: 'button' }, ['Read clock']);
    const duration = element('input', {
      type: 'text',
      value: 'PT31M',
      spellcheck: 'false',
      'data-console': 'clock-duration',
    });
    const advance = element('button', { type: 'button' }, ['Advance clock']);
    /** @param {string} path @param {Record<string, unknown>} body */
    async function call(path, body) {
      shown.textContent = '…';
      try {
        const answer = await sendRequest({
          url: `${baseUrl()}${path}`,
          headers: credentials(),
          body: JSON.stringify(body),
        });
        const record = /** @type {Record<string, any>} */ (answer.body);
        shown.textContent = record?.clock?.current_time
          ? `client clock ${record.clock.current_time} (${Math.round((record.clock.offset_ms ?? 0) / 60000)} min ahead)`
          : `HTTP ${answer.status} ${record?.error_code ?? ''}: ${record?.error_message ?? answer.text}`;
      } catch (error) {
        shown.textContent = `no answer: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
    read.addEventListener('click', () => call(data.clock.get, {}));
    advance.addEventListener('click', () => call(data.clock.advance, { duration: duration.value }));
    return element('fieldset', { class: 'svc-clock' }, [
      element('legend', {}, ['Test clock of this client']),
      element('p', {}, [shown]),
      read,
      labelled('Advance by (ISO 8601 duration)', duration),
      advance,
    ]);
  }

  /**
   * The panel of one operation.
   * @param {ConsoleOperation} operation
   */
  function buildPanel(operation) {
    const root = element('details', { class: 'svc-console', 'data-console-operation': operation.operationId });
    const connection = connectionFields(() => applyEnvironment());

    const example = element('select', { 'data-console': 'example' });
    for (const { name, summary } of operation.examples) {
      example.append(element('option', { value: name }, [summary ? `${name}: ${summary}` : name]));
    }
    const editor = element('textarea', {
      rows: '8',
      spellcheck: 'false',
      'data-console': 'body-editor',
      autocapitalize: 'off',
    });
    const problemsList = element('ul', {
      class: 'svc-problems',
      id: newId('problems'),
      'data-console': 'problems',
      'aria-live': 'polite',
    });
    editor.setAttribute('aria-describedby', problemsList.id);
    const carry = element('div', { class: 'svc-carry', role: 'group', 'aria-label': 'Values from earlier answers' });

    const fault = element('select', { 'data-console': 'fault' }, [
      element('option', { value: '' }, ['none: handle the request normally']),
    ]);
    for (const choice of data.faultChoices) {
      fault.append(element('option', { value: choice }, [choice]));
    }
    const faultField = labelled(`Fault (${data.headers.fault} header)`, fault);
    const prefer = element('select', { 'data-console': 'prefer' }, [
      element('option', { value: '' }, ['the default answer']),
    ]);
    for (const choice of operation.prefer) {
      prefer.append(element('option', { value: choice.value }, [choice.label]));
    }
    const preferField = labelled('Mock answer (Prefer header)', prefer);
    const clock = clockControls(credentials);

    const send = element('button', { type: 'button', class: 'svc-send', 'data-console': 'send' }, [
      `Send ${operation.method} ${operation.path}`,
    ]);
    const output = element('div', { class: 'svc-answer', 'aria-live': 'polite', 'data-console': 'answer' });

    function validate() {
      const problems = bodyProblems(operation.schema, editor.value, /** @type {Record<string, unknown>} */ (data.root));
      problemsList.replaceChildren(
        ...problems.map((problem) =>
          element(
            'li',
            {},
            problem.path
              ? [element('code', {}, [problem.path]), ` ${problem.message}`]
              : [`The body ${problem.message}`],
          ),
        ),
      );
      editor.setAttribute('aria-invalid', String(problems.length > 0));
      return problems;
    }
    function loadExample() {
      const chosen = operation.examples.find(({ name }) => name === example.value) ?? operation.examples[0];
      editor.value = JSON.stringify(chosen?.value ?? {}, null, 2);
      validate();
    }
    function refreshCarry() {
      const usable = operation.fields.filter((field) => state.carried.has(field));
      carry.replaceChildren(
        ...(usable.length > 0 ? [element('span', {}, ['From earlier answers: '])] : []),
        ...usable.map((field) => {
          const entry = state.carried.get(field);
          const button = element('button', { type: 'button', 'data-console-carry': field }, [
            `Use ${field} from ${entry?.from ?? ''}`,
          ]);
          button.addEventListener('click', () => {
            const next = withField(editor.value, field, state.carried.get(field)?.value ?? '');
            if (next !== undefined) {
              editor.value = next;
              validate();
            }
          });
          return button;
        }),
      );
    }
    function applyEnvironment() {
      const env = environment();
      faultField.hidden = env !== data.environments.sandbox;
      clock.hidden = env !== data.environments.sandbox;
      preferField.hidden = env !== data.environments.mock;
      refreshCarry();
    }

    example.addEventListener('change', loadExample);
    editor.addEventListener('input', validate);
    send.addEventListener('click', async () => {
      if (validate().length > 0) {
        output.replaceChildren(
          element('p', { class: 'svc-status', 'data-console': 'status' }, [
            'Not sent: fix the fields listed under the body first.',
          ]),
        );
        editor.focus();
        return;
      }
      const headers = credentials();
      const env = environment();
      if (env === data.environments.sandbox && fault.value) {
        headers[data.headers.fault] = fault.value;
      }
      if (env === data.environments.mock && prefer.value) {
        headers.Prefer = prefer.value;
      }
      send.disabled = true;
      output.replaceChildren(element('p', { class: 'svc-status' }, ['Sending…']));
      try {
        const answer = await sendRequest({ url: `${baseUrl()}${operation.path}`, headers, body: editor.value });
        if (answer.status < 400) {
          for (const [name, value] of carriedValues(answer.body)) {
            state.carried.set(name, { value, from: `${operation.method} ${operation.path}` });
          }
          refreshAll();
        }
        showAnswer(output, answer, env);
      } catch (error) {
        output.replaceChildren(
          element('p', { class: 'svc-status', 'data-console': 'status' }, [
            `No answer from ${baseUrl()}: ${error instanceof Error ? error.message : String(error)}. Is the server running, and does it allow this page’s origin?`,
          ]),
        );
      } finally {
        send.disabled = false;
      }
    });

    root.append(
      element('summary', {}, [`Try it: ${operation.method} ${operation.path}`]),
      connection.fieldset,
      element('fieldset', { class: 'svc-request' }, [
        element('legend', {}, ['Request']),
        ...(operation.examples.length > 0 ? [labelled('Example', example)] : []),
        carry,
        labelled('Request body (JSON)', editor),
        problemsList,
        faultField,
        preferField,
      ]),
      clock,
      send,
      output,
    );
    loadExample();
    connection.refresh();
    return { root, refresh: connection.refresh };
  }

  /** Adds the panel of each operation section Redoc shows that has none yet. */
  function attach() {
    for (const section of document.querySelectorAll('[data-item-kind="httpItem"]')) {
      const key = (section.getAttribute('data-section-id') ?? '').split('/').pop() ?? '';
      const operation = operations[key];
      const right = section.querySelector('[data-testid="right-panel"]');
      if (!operation || !right) {
        continue;
      }
      let panel = panels.get(key);
      if (!panel) {
        panel = buildPanel(operation);
        panels.set(key, panel);
      }
      if (panel.root.parentElement !== right) {
        const samples = right.querySelector('.panel-request-samples');
        if (samples) {
          samples.after(panel.root);
        } else {
          right.prepend(panel.root);
        }
        panel.refresh();
      }
    }
  }

  const attachWorkflows = workflowPanels({ data, state, panels, connectionFields, baseUrl });
  let scheduled = false;
  new MutationObserver(() => {
    if (!scheduled) {
      scheduled = true;
      requestAnimationFrame(() => {
        scheduled = false;
        attach();
        attachWorkflows();
      });
    }
  }).observe(document.body, { childList: true, subtree: true });
  attach();
  attachWorkflows();
}
