import { jsonContent, listOperations, resolveLocalRef } from '@svc/openapi-kit';
import { generatedBanner } from './banner.js';
import { SPEC_TYPES_MODULE } from './schema-types.js';

/**
 * Generates `handlers.gen.ts` for a server: the request and response body types of every
 * operation keyed by operationId (from the `operations` types of `@svc/spec/types`, generated once
 * from the same spec), and the path of each. A server declares
 * its handler table as a mapped type over these keys, so a missing handler, an extra one or one
 * returning the wrong shape is a compile error. Also the request fields' documented defaults
 * (`requestDefaults`), so a server applies the spec's values instead of copies of them.
 * @param {import('@svc/openapi-kit').OpenApiDocument} document the bundled document
 * @returns {string} the file content
 */
export function generateHandlerTypes(document) {
  const operations = listOperations(document);
  if (operations.length === 0) {
    throw new Error('the document defines no operations');
  }
  const members = operations.map(({ operationId, path, method, operation }) => {
    if (!/^[a-z][A-Za-z0-9]*$/.test(operationId)) {
      throw new Error(`${method.toUpperCase()} ${path}: operationId "${operationId}" is not a camelCase identifier`);
    }
    if (!operation.responses?.['200']) {
      throw new Error(`${operationId} declares no 200 response`);
    }
    const summary = operation.summary ? ` ${operation.summary}.` : '';
    return [
      `  /** \`${method.toUpperCase()} ${path}\`:${summary} */`,
      `  ${operationId}: {`,
      `    request: JsonBody<operations['${operationId}']['requestBody']>;`,
      `    response: JsonBody<operations['${operationId}']['responses'][200]>;`,
      '  };',
    ].join('\n');
  });
  const paths = operations.map(({ operationId, path }) => `  ${operationId}: '${path}',`);
  const defaults = operations.flatMap(({ operationId, operation }) => {
    const found = defaultsOf(document, jsonContent(document, operation.requestBody)?.schema, 0);
    return found === undefined ? [] : [`  ${operationId}: ${literal(found)},`];
  });
  return [
    generatedBanner('Request and response body types and the path of every operation, by operationId.'),
    `import type { operations } from '${SPEC_TYPES_MODULE}';`,
    '',
    '/** The JSON body type of a request body or response object. */',
    "type JsonBody<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;",
    '',
    '/** Request and response body types of every operation, by operationId. */',
    'export interface OperationBodies {',
    members.join('\n'),
    '}',
    '',
    '/** Every operationId of the API. */',
    'export type OperationId = keyof OperationBodies;',
    '',
    '/** The path of every operation (each is a `POST`). */',
    'export const operationPaths = {',
    paths.join('\n'),
    '} as const satisfies Record<OperationId, string>;',
    '',
    '/** The `default` of every request field that has one, by operationId (nested as in the body). */',
    'export const requestDefaults = {',
    defaults.join('\n'),
    '} as const satisfies Partial<Record<OperationId, object>>;',
    '',
  ].join('\n');
}

/**
 * The defaults a schema documents for its fields: a primitive `default` of the schema itself, or
 * an object of its properties' defaults (nested), or undefined when there are none.
 * @param {unknown} document the bundled document (for `$ref`s)
 * @param {unknown} node a schema or a reference to one
 * @param {number} depth how deep in the body (guards against cycles)
 * @returns {unknown}
 */
function defaultsOf(document, node, depth) {
  const schema = /** @type {{ default?: unknown, properties?: Record<string, unknown> } | undefined} */ (
    node === undefined ? undefined : resolveLocalRef(document, node)
  );
  if (!schema || typeof schema !== 'object' || depth > 8) {
    return undefined;
  }
  if ('default' in schema && (schema.default === null || typeof schema.default !== 'object')) {
    return schema.default;
  }
  const nested = Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const value = defaultsOf(document, property, depth + 1);
    return value === undefined ? [] : [[name, value]];
  });
  return nested.length === 0 ? undefined : Object.fromEntries(nested);
}

/**
 * A JavaScript object literal of `value` (keys unquoted: the spec's field names are snake_case
 * identifiers).
 * @param {unknown} value
 * @returns {string}
 */
function literal(value) {
  if (value === null || typeof value !== 'object') {
    return JSON.stringify(value);
  }
  return `{ ${Object.entries(value)
    .map(([key, inner]) => `${key}: ${literal(inner)}`)
    .join(', ')} }`;
}
