import { resolveLocalRef } from '@svc/openapi-kit';

/**
 * Small readers over the bundled document shared by the generators: `$ref` resolution and the
 * request / response schemas of an operation.
 */

/**
 * @typedef {Record<string, any>} Schema a JSON Schema node of the document
 * @typedef {{ openapi: string, paths?: Record<string, any>, webhooks?: Record<string, any>, components?: Record<string, any> }} Document
 */

const JSON_MEDIA = 'application/json';

/**
 * Follows local `$ref`s (`#/components/schemas/X`) until a node that is not a reference.
 * @param {Document} document
 * @param {Schema | undefined} node
 * @returns {Schema | undefined}
 */
export function resolve(document, node) {
  return node === undefined ? undefined : resolveLocalRef(document, node);
}

/**
 * The component name of a `$ref` to `#/components/schemas/<Name>`, or undefined.
 * @param {Schema | undefined} node
 * @returns {string | undefined}
 */
export function schemaRefName(node) {
  const match = /^#\/components\/schemas\/([^/]+)$/.exec(node?.$ref ?? '');
  return match?.[1];
}

/**
 * The JSON request body schema of an operation, resolved.
 * @param {Document} document
 * @param {Schema} operation
 * @returns {Schema | undefined}
 */
export function requestSchema(document, operation) {
  return resolve(document, resolve(document, operation.requestBody)?.content?.[JSON_MEDIA]?.schema);
}

/**
 * The JSON schema of an operation's 200 response, resolved.
 * @param {Document} document
 * @param {Schema} operation
 * @returns {Schema | undefined}
 */
export function successSchema(document, operation) {
  return resolve(document, resolve(document, operation.responses?.['200'])?.content?.[JSON_MEDIA]?.schema);
}

/**
 * The properties of an object schema, each resolved.
 * @param {Document} document
 * @param {Schema | undefined} schema
 * @returns {Record<string, Schema>}
 */
export function properties(document, schema) {
  return Object.fromEntries(
    Object.entries(schema?.properties ?? {}).map(([name, node]) => [name, resolve(document, node) ?? {}]),
  );
}

/**
 * Whether a schema allows the given JSON type (`type: 'integer'` or `type: ['integer', 'null']`).
 * @param {Schema | undefined} schema
 * @param {string} type
 */
export function allowsType(schema, type) {
  const types = Array.isArray(schema?.type) ? schema.type : [schema?.type];
  return types.includes(type);
}
