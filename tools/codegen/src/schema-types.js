import openapiTS, { astToString, STRING, tsIntersection, tsLiteral, tsUnion } from 'openapi-typescript';
import ts from 'typescript';
import { generatedBanner } from './banner.js';

/** The module every generated file imports the API's schema types from (`types.gen.ts` of `@svc/spec`). */
export const SPEC_TYPES_MODULE = '@svc/spec/types';

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
 * Gives every property whose schema is only a reference (`$ref`, or `allOf` of one `$ref`) and
 * has no `description` of its own the description of the component it references, so that
 * editors show docs on hover for such fields too (openapi-typescript writes JSDoc only from the
 * property's own schema). Works on a copy; references are followed through reference-only
 * components.
 * @param {Record<string, any>} document a bundled OpenAPI document (internal references only)
 * @returns {Record<string, any>} the document with those descriptions added
 */
export function describeReferencedProperties(document) {
  const copy = structuredClone(document);
  /** @param {string} ref */
  const resolve = (ref) =>
    ref
      .replace(/^#\//, '')
      .split('/')
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce((node, key) => node?.[key], copy);
  /**
   * The description a reference-only schema inherits, following reference-only targets.
   * @param {any} schema
   * @param {Set<string>} seen
   * @returns {string | undefined}
   */
  const inherited = (schema, seen = new Set()) => {
    const ref = referenceOf(schema);
    if (ref === undefined || seen.has(ref)) {
      return undefined;
    }
    seen.add(ref);
    const target = resolve(ref);
    return typeof target?.description === 'string' ? target.description : inherited(target, seen);
  };
  /** @param {any} node */
  const visit = (node) => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (node === null || typeof node !== 'object') {
      return;
    }
    if (node.properties && typeof node.properties === 'object' && !Array.isArray(node.properties)) {
      for (const property of Object.values(node.properties)) {
        if (property && typeof property === 'object' && property.description === undefined) {
          const description = inherited(property);
          if (description !== undefined) {
            property.description = description;
          }
        }
      }
    }
    Object.values(node).forEach(visit);
  };
  visit(copy.components);
  visit(copy.paths);
  visit(copy.webhooks);
  return copy;
}

/**
 * The `$ref` of a schema that is only a reference (annotations aside), else undefined.
 * @param {any} schema
 * @returns {string | undefined}
 */
function referenceOf(schema) {
  if (schema === null || typeof schema !== 'object') {
    return undefined;
  }
  if (typeof schema.$ref === 'string') {
    return schema.$ref;
  }
  const { allOf } = schema;
  return Array.isArray(allOf) && allOf.length === 1 && typeof allOf[0]?.$ref === 'string' ? allOf[0].$ref : undefined;
}

/**
 * Generates the TypeScript types of the whole document (`paths`, `components`, `operations`,
 * `webhooks`) with openapi-typescript.
 *
 * - `defaultNonNullable: false`: a request field with a `default` stays optional (otherwise
 *   openapi-typescript makes it required, see openapi-ts/openapi-typescript#2012).
 * - `emptyObjectsUnknown: true`: free-form objects (`causes` items) become
 *   `Record<string, unknown>` instead of `Record<string, never>`.
 * - A property that only references a component carries that component's description as JSDoc
 *   (see {@link describeReferencedProperties}).
 * @param {Record<string, any>} document the bundled document, parsed
 * @returns {Promise<string>} the file content
 */
export async function generateSchemaTypes(document) {
  const ast = await openapiTS(/** @type {any} */ (describeReferencedProperties(document)), {
    defaultNonNullable: false,
    emptyObjectsUnknown: true,
    silent: true,
    transform: (schema) => extensibleEnumType(/** @type {Record<string, unknown>} */ (schema)),
  });
  return `${generatedBanner('TypeScript types of every path, operation, schema and webhook of the SVC API.')}${astToString(ast)}`;
}
