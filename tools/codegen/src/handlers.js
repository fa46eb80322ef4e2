import { listOperations } from '@svc/openapi-kit';
import { generatedBanner } from './banner.js';
import { SPEC_TYPES_MODULE } from './schema-types.js';

/**
 * Generates `handlers.gen.ts` for a server: the request and response body types of every
 * operation keyed by operationId (from the `operations` types of `@svc/spec/types`, generated once
 * from the same spec), and the path of each. A server declares
 * its handler table as a mapped type over these keys, so a missing handler, an extra one or one
 * returning the wrong shape is a compile error.
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
  ].join('\n');
}
