import openapiTS, { astToString, STRING, tsIntersection, tsLiteral, tsUnion } from 'openapi-typescript';
import ts from 'typescript';
import { generatedBanner } from './banner.js';

/**
 * Maps an open enum (`type: string` with `x-extensible-enum`, decision D-ENUM-1) to
 * `'known' | 'values' | (string & {})`: editors still suggest the known values, yet any string
 * type-checks, so a value added by the API later does not break compiled clients.
 * @param {Record<string, unknown>} schema
 * @returns {ts.TypeNode | undefined}
 */
export function extensibleEnumType(schema) {
  const known = schema['x-extensible-enum'];
  if (!Array.isArray(known) || schema.enum) {
    return undefined;
  }
  const anyString = tsIntersection([STRING, ts.factory.createTypeLiteralNode([])]);
  const union = tsUnion([...known.map((value) => tsLiteral(String(value))), anyString]);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('null') ? tsUnion([union, ts.factory.createLiteralTypeNode(ts.factory.createNull())]) : union;
}

/**
 * Generates the TypeScript types of the whole document (`paths`, `components`, `operations`,
 * `webhooks`) with openapi-typescript.
 *
 * - `defaultNonNullable: false`: a request field with a `default` stays optional (otherwise
 *   openapi-typescript makes it required, see openapi-ts/openapi-typescript#2012).
 * - `emptyObjectsUnknown: true`: free-form objects (`causes` items) become
 *   `Record<string, unknown>` instead of `Record<string, never>`.
 * @param {string} specPath absolute path of the bundled document (YAML or JSON)
 * @returns {Promise<string>} the file content
 */
export async function generateSchemaTypes(specPath) {
  const ast = await openapiTS(new URL(`file://${specPath}`), {
    defaultNonNullable: false,
    emptyObjectsUnknown: true,
    silent: true,
    transform: (schema) => extensibleEnumType(/** @type {Record<string, unknown>} */ (schema)),
  });
  return `${generatedBanner('TypeScript types of every path, operation, schema and webhook of the SVC API.')}${astToString(ast)}`;
}
