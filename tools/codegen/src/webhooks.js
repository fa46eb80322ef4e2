/**
 * Generates webhooks.gen.ts: the payload type of each webhook, by `webhook_code`, and a compact
 * structural check of each payload schema that the client's small interpreter
 * (packages/client/src/webhooks/check.ts) runs, so browsers get payload validation without Ajv.
 *
 * The check is the JSON Schema with annotations dropped and `$ref`s turned into `{ ref: Name }`.
 * Only the keywords the interpreter implements are accepted: any other keyword or format stops
 * the generator with its location, so a payload is never validated less strictly than its schema.
 */
import { generatedBanner } from './banner.js';
import { jsDoc } from './operations.js';
import { SPEC_TYPES_MODULE } from './schema-types.js';
import { resolve, schemaRefName } from './spec-schemas.js';

/** @typedef {import('./spec-schemas.js').Document} Document */
/** @typedef {import('./spec-schemas.js').Schema} Schema */

/** Keywords that only annotate: dropped from the check. */
const ANNOTATIONS = new Set([
  'title',
  'description',
  'examples',
  'example',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
  'externalDocs',
]);

/**
 * Keywords copied as they are (numbers, strings, lists of names or values). The interpreter
 * implements the keywords the webhook payloads use, and no more, to stay small in browser
 * bundles: a payload schema that needs another (`maxLength`, `maximum`, `oneOf`, ...) stops the
 * generator until the interpreter implements it.
 */
const COPIED = new Set(['const', 'enum', 'required', 'minLength', 'pattern', 'minimum', 'minItems']);

/** Formats the interpreter checks. */
export const SUPPORTED_FORMATS = ['uri', 'int32'];

/**
 * Compiles one schema node into its check; collects the names of the components it references.
 * @param {Schema | boolean} node
 * @param {string} pointer where the node is, for error messages
 * @param {Set<string>} refs receives referenced component names
 * @returns {Record<string, unknown>}
 */
export function compileCheck(node, pointer, refs) {
  if (node === true) {
    return {};
  }
  if (typeof node !== 'object' || node === null) {
    throw new Error(`${pointer}: unsupported schema ${JSON.stringify(node)} (only objects and true)`);
  }
  /** @type {Record<string, unknown>} */
  const check = {};
  for (const [key, value] of Object.entries(node)) {
    if (ANNOTATIONS.has(key) || key.startsWith('x-')) {
      continue;
    }
    const at = `${pointer}/${key}`;
    if (key === '$ref') {
      const name = schemaRefName(node);
      if (!name) {
        throw new Error(`${at}: only #/components/schemas/<Name> references are supported, got ${value}`);
      }
      refs.add(name);
      check.ref = name;
    } else if (key === 'type') {
      check.type = Array.isArray(value) ? value : [value];
    } else if (COPIED.has(key)) {
      check[key] = value;
    } else if (key === 'format') {
      if (!SUPPORTED_FORMATS.includes(value)) {
        throw new Error(`${at}: format "${value}" is not checked by the webhook interpreter; add it there first`);
      }
      check.format = value;
    } else if (key === 'uniqueItems') {
      if (value === true) {
        check.uniqueItems = true;
      }
    } else if (key === 'additionalProperties' || key === 'unevaluatedProperties') {
      if (value === false) {
        // Without applicators beside it, unevaluatedProperties: false means additionalProperties: false.
        if (key === 'unevaluatedProperties' && ['allOf', 'anyOf', 'oneOf', '$ref'].some((k) => k in node)) {
          throw new Error(`${at}: unevaluatedProperties: false beside an applicator is not supported`);
        }
        check.additionalProperties = false;
      } else if (value !== true && !(typeof value === 'object' && Object.keys(value).length === 0)) {
        throw new Error(`${at}: only true or false is supported`);
      }
    } else if (key === 'properties') {
      check.properties = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, compileCheck(sub, `${at}/${name}`, refs)]),
      );
    } else if (key === 'items') {
      check.items = compileCheck(value, at, refs);
    } else if (key === 'anyOf' || key === 'allOf') {
      check[key] = value.map((/** @type {Schema} */ sub, /** @type {number} */ i) =>
        compileCheck(sub, `${at}/${i}`, refs),
      );
    } else {
      throw new Error(`${at}: keyword "${key}" is not supported by the webhook interpreter`);
    }
  }
  return check;
}

/**
 * The webhooks of the document: code, payload component name, summary and description.
 * @param {Document} document
 * @returns {{ code: string, component: string, summary: string, description: string }[]}
 */
export function describeWebhooks(document) {
  return Object.entries(document.webhooks ?? {}).map(([code, rawItem]) => {
    const operation = resolve(document, rawItem)?.post;
    const schemaNode = resolve(document, operation?.requestBody)?.content?.['application/json']?.schema;
    const component = schemaRefName(schemaNode);
    if (!component) {
      throw new Error(`webhook ${code}: the payload schema must be a $ref to #/components/schemas/<Name>`);
    }
    const schema = resolve(document, schemaNode);
    if (schema?.properties?.webhook_code?.const !== code || !schema.required?.includes('webhook_code')) {
      throw new Error(`webhook ${code}: ${component} must require webhook_code with const "${code}"`);
    }
    return { code, component, summary: operation.summary ?? code, description: operation.description ?? '' };
  });
}

/**
 * Generates webhooks.gen.ts.
 * @param {Document} document
 * @returns {string} the file content
 */
export function generateWebhooks(document) {
  const webhooks = describeWebhooks(document);
  if (webhooks.length === 0) {
    throw new Error('the spec declares no webhooks');
  }
  // Each payload's check is keyed by its webhook_code (what parseWebhook looks up); the components
  // the payloads reference are checks by component name (what a `ref` names).
  /** @type {Set<string>} */
  const payloadRefs = new Set();
  const payloadChecks = webhooks.map((webhook) => {
    const pointer = `#/components/schemas/${webhook.component}`;
    return {
      code: webhook.code,
      check: compileCheck(resolve(document, { $ref: pointer }) ?? {}, pointer, payloadRefs),
    };
  });
  /** @type {Map<string, Record<string, unknown>>} */
  const definitions = new Map();
  const pending = [...payloadRefs];
  while (pending.length > 0) {
    const name = /** @type {string} */ (pending.shift());
    if (definitions.has(name)) {
      continue;
    }
    /** @type {Set<string>} */
    const refs = new Set();
    const pointer = `#/components/schemas/${name}`;
    definitions.set(name, compileCheck(resolve(document, { $ref: pointer }) ?? {}, pointer, refs));
    pending.push(...refs);
  }
  const sortedNames = [...definitions.keys()].sort();
  return [
    generatedBanner('Webhook payload types by webhook_code, and the structural checks parseWebhook runs.'),
    "import type { Check } from '../webhooks/check.js';",
    `import type { components } from '${SPEC_TYPES_MODULE}';`,
    '',
    '/** The payload type of each webhook, by `webhook_code`. */',
    'export interface WebhookPayloads {',
    webhooks
      .map(
        (webhook) =>
          `${jsDoc([webhook.summary, webhook.description], '  ')}  ${webhook.code}: components["schemas"][${JSON.stringify(webhook.component)}];`,
      )
      .join('\n'),
    '}',
    '',
    '/** The schema component of each webhook payload, by `webhook_code`. */',
    'export const webhookComponents = {',
    ...webhooks.map((webhook) => `  ${webhook.code}: ${JSON.stringify(webhook.component)},`),
    '} as const satisfies Record<keyof WebhookPayloads, string>;',
    '',
    '/** The structural check of each webhook payload, by `webhook_code`. */',
    'export const webhookPayloadChecks: Readonly<Record<string, Check>> = {',
    ...payloadChecks.map(({ code, check }) => `  ${code}: ${JSON.stringify(check)},`),
    '};',
    '',
    '/** The structural check of every schema component a webhook payload references, by component name. */',
    'export const webhookChecks: Readonly<Record<string, Check>> = {',
    ...sortedNames.map((name) => `  ${name}: ${JSON.stringify(definitions.get(name))},`),
    '};',
    '',
  ].join('\n');
}
