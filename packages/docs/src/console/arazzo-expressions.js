/**
 * @module console/arazzo-expressions
 * Arazzo 1.0 runtime expressions and success criteria, as the page's workflow runner evaluates
 * them: `$inputs.<name>`, `$steps.<id>.outputs.<name>`, `$workflows.<id>.outputs.<name>`,
 * `$statusCode`, `$method`, `$url`, `$response.body`, `$response.body#/<JSON pointer>`,
 * `$response.header.<name>`, and the same for `$request`; values embedding `{$expression}`;
 * `simple` conditions (`==`, `!=`, `<`, `<=`, `>`, `>=` between expressions and literals, joined
 * with `&&` or `||`), `regex` conditions on a context, and `jsonpath` conditions of the form
 * `$[?<filter>]` whose filter compares `@.<path>` or `length(@.<path>)`, `@` being the context
 * (the criterion holds when the filter does, as Redocly Respect reads them).
 *
 * Anything else is refused with an error naming it, so the build can check every criterion of
 * the shipped workflows is understood (`workflowProblems`).
 *
 * Plain script-compatible JavaScript, inlined into the page (see `console-script.js`).
 * @see https://spec.openapis.org/arazzo/v1.0.1.html#runtime-expressions
 */

/**
 * What expressions are evaluated against: the workflow's inputs, the outputs of the steps and
 * workflows run so far, and the current request and response.
 * @typedef {{ inputs: Record<string, unknown>,
 *   steps: Record<string, {outputs: Record<string, unknown>}>,
 *   workflows: Record<string, {outputs: Record<string, unknown>}>,
 *   request?: {method: string, url: string, headers: Record<string, string>, body: unknown},
 *   response?: {status: number, headers: Record<string, string>, body: unknown} }} ExpressionContext
 */

/** One runtime expression, whole: what `evaluateExpression` accepts. */
const EXPRESSION =
  /^\$(?:statusCode|method|url|inputs\.[\w-]+|(?:steps|workflows)\.[\w-]+\.outputs\.[\w-]+(?:#\/\S*)?|(?:request|response)\.(?:body(?:#\/\S*)?|header\.[\w-]+))$/;

/**
 * The value at a JSON pointer (RFC 6901) in `value`, `undefined` when there is none.
 * @param {unknown} value @param {string} pointer `""` or `/a/0/b`
 * @returns {unknown}
 */
export function atPointer(value, pointer) {
  if (pointer === '') {
    return value;
  }
  let current = value;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (current === null || typeof current !== 'object') {
      return undefined;
    }
    current = /** @type {Record<string, unknown>} */ (current)[token];
  }
  return current;
}

/**
 * @param {Record<string, string> | undefined} headers @param {string} name
 * @returns {string | undefined} the header, by name in any case
 */
function headerValue(headers, name) {
  const key = Object.keys(headers ?? {}).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : headers?.[key];
}

/**
 * Whether `text` is one runtime expression this module evaluates.
 * @param {string} text
 */
export function isExpression(text) {
  return EXPRESSION.test(text.trim());
}

/**
 * The value of one runtime expression; `undefined` when what it names is absent.
 * @param {string} expression e.g. `$steps.exchange.outputs.accessToken`
 * @param {ExpressionContext} context
 * @returns {unknown}
 */
export function evaluateExpression(expression, context) {
  const text = expression.trim();
  if (!EXPRESSION.test(text)) {
    throw new Error(`unsupported runtime expression ${text}`);
  }
  const [head = '', pointer] = text.split(/#(?=\/)/, 2);
  const [kind = '', name = '', , member = ''] = head.slice(1).split('.');
  /** @type {unknown} */
  let value;
  switch (kind) {
    case 'statusCode':
      return context.response?.status;
    case 'method':
      return context.request?.method;
    case 'url':
      return context.request?.url;
    case 'inputs':
      return context.inputs[name];
    case 'steps':
    case 'workflows':
      value = (kind === 'steps' ? context.steps : context.workflows)[name]?.outputs?.[member];
      break;
    default: {
      const message = kind === 'request' ? context.request : context.response;
      if (name === 'header') {
        return headerValue(message?.headers, head.slice(1).split('.')[2] ?? '');
      }
      value = message?.body;
    }
  }
  return pointer === undefined ? value : atPointer(value, pointer);
}

/**
 * A step's parameter value or payload with its runtime expressions resolved: a string that is
 * one expression becomes its value; `{$expression}` inside a string is replaced by the value's
 * text; arrays and objects are resolved member by member; other values are kept.
 * @param {unknown} value @param {ExpressionContext} context
 * @returns {unknown}
 */
export function resolveValue(value, context) {
  if (typeof value === 'string') {
    if (isExpression(value)) {
      return evaluateExpression(value, context);
    }
    return value.replace(/\{(\$[^{}]+)\}/g, (_match, inner) => String(evaluateExpression(inner, context) ?? ''));
  }
  if (Array.isArray(value)) {
    return value.map((item) => resolveValue(item, context));
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, resolveValue(item, context)]));
  }
  return value;
}

const COMPARISON = /^(.+?)\s*(==|!=|<=|>=|<|>)\s*(.+)$/;

/**
 * A literal of a condition (`'text'`, a number, `true`, `false`, `null`), or `undefined` when
 * `text` is none.
 * @param {string} text
 * @returns {{value: unknown} | undefined}
 */
function literal(text) {
  if (/^'(?:[^']|'')*'$/.test(text)) {
    return { value: text.slice(1, -1).replaceAll("''", "'") };
  }
  if (/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text)) {
    return { value: Number(text) };
  }
  const words = /** @type {Record<string, unknown>} */ ({ true: true, false: false, null: null });
  return text in words ? { value: words[text] } : undefined;
}

/**
 * Compares two values as conditions do: numbers (or numeric text against a number) by value,
 * an absent value as `null`, anything else strictly.
 * @param {unknown} left @param {string} operator @param {unknown} right
 */
function compare(left, operator, right) {
  const a = left === undefined ? null : left;
  const b = right === undefined ? null : right;
  const numeric =
    (typeof a === 'number' || typeof b === 'number') &&
    a !== null &&
    b !== null &&
    !Number.isNaN(Number(a)) &&
    !Number.isNaN(Number(b));
  const x = numeric ? Number(a) : a;
  const y = numeric ? Number(b) : b;
  switch (operator) {
    case '==':
      return x === y;
    case '!=':
      return x !== y;
    default: {
      if (x === null || y === null || typeof x !== typeof y || (typeof x !== 'number' && typeof x !== 'string')) {
        return false;
      }
      const [p, q] = /** @type {[number, number] | [string, string]} */ ([x, y]);
      return operator === '<' ? p < q : operator === '<=' ? p <= q : operator === '>' ? p > q : p >= q;
    }
  }
}

/**
 * Evaluates a `simple` condition with `operand` reading each side that is not a literal.
 * @param {string} condition @param {(text: string) => unknown} operand
 * @returns {boolean}
 */
function simpleHolds(condition, operand) {
  const text = condition.trim();
  if (text.includes('||')) {
    return text.split('||').some((part) => simpleHolds(part, operand));
  }
  if (text.includes('&&')) {
    return text.split('&&').every((part) => simpleHolds(part, operand));
  }
  const side = (/** @type {string} */ value) => {
    const found = literal(value.trim());
    return found ? found.value : operand(value.trim());
  };
  const match = COMPARISON.exec(text);
  if (!match) {
    const value = side(text);
    return value !== undefined && value !== null && value !== false;
  }
  const [, left = '', operator = '', right = ''] = match;
  return compare(side(left), operator, side(right));
}

/**
 * The value of a JSONPath filter operand: `@`, `@.a.b[0]` or `length(@.a)`, `@` being `current`.
 * @param {string} text @param {unknown} current
 * @returns {unknown}
 */
function filterOperand(text, current) {
  const length = /^length\((.+)\)$/.exec(text);
  if (length) {
    /** @type {unknown} */
    const value = filterOperand((length[1] ?? '').trim(), current);
    return typeof value === 'string' || Array.isArray(value)
      ? value.length
      : value && typeof value === 'object'
        ? Object.keys(value).length
        : undefined;
  }
  const path = /^@((?:\.[\w-]+|\[\d+\])*)$/.exec(text);
  if (!path) {
    throw new Error(`unsupported JSONPath filter operand ${text}`);
  }
  const pointer = (path[1] ?? '').replace(/\.([\w-]+)/g, '/$1').replace(/\[(\d+)\]/g, '/$1');
  return atPointer(current, pointer);
}

/**
 * A success criterion in words, with its runtime expressions as written.
 * @typedef {{ condition: string, context?: string, type?: string | {type: string, version?: string} }} Criterion
 */

/**
 * Whether `criterion` holds in `context`.
 * @param {Criterion} criterion @param {ExpressionContext} context
 * @returns {boolean}
 */
export function criterionHolds(criterion, context) {
  const type = typeof criterion.type === 'object' ? criterion.type.type : (criterion.type ?? 'simple');
  const subject = () => evaluateExpression(criterion.context ?? '$response.body', context);
  if (type === 'simple') {
    return simpleHolds(criterion.condition, (text) => evaluateExpression(text, context));
  }
  if (type === 'regex') {
    const value = subject();
    return value !== undefined && value !== null && new RegExp(criterion.condition).test(String(value));
  }
  if (type === 'jsonpath') {
    const filter = /^\$\[\?(.+)\]$/.exec(criterion.condition.trim());
    if (!filter) {
      throw new Error(`unsupported JSONPath condition ${criterion.condition} (only $[?filter] is read)`);
    }
    const value = subject();
    return simpleHolds(filter[1] ?? '', (text) => filterOperand(text, value));
  }
  throw new Error(`unsupported criterion type ${type}`);
}

/** A context with every expression answering `undefined`: to check a criterion can be read. */
const EMPTY_CONTEXT = { inputs: {}, steps: {}, workflows: {} };

/**
 * Why this page cannot evaluate `criterion`, or `undefined` when it can.
 * @param {Criterion} criterion
 * @returns {string | undefined}
 */
export function criterionProblem(criterion) {
  try {
    if (criterion.context !== undefined && !isExpression(criterion.context)) {
      return `unsupported context ${criterion.context}`;
    }
    criterionHolds(criterion, { ...EMPTY_CONTEXT, response: { status: 0, headers: {}, body: {} } });
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
