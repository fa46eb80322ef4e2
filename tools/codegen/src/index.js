/**
 * @module @svc/codegen
 * Generators for the @svc/client sources (types, environments, operations, webhooks, error types), the
 * sandbox's handler types and the error catalogue. `generateClient`, `generateServer` and
 * `generateErrors` write every generated file of one target; the pieces are exported for tests.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openapiJsonPath } from '@svc/spec';
import { generateEnvironments } from './environments.js';
import { generateErrorCatalogue, generateErrorTypes } from './error-catalogue.js';
import { generateHandlerTypes } from './handlers.js';
import { generateOperations } from './operations.js';
import { generateSchemaTypes } from './schema-types.js';
import { generateWebhooks } from './webhooks.js';

export { generatedBanner } from './banner.js';
export { generateEnvironments } from './environments.js';
export { generateErrorCatalogue, generateErrorTypes, readCatalogue } from './error-catalogue.js';
export { generateHandlerTypes } from './handlers.js';
export { describeOperations, detectPaging, retryPolicy } from './operation-policy.js';
export { generateOperations, jsDoc, pagingRule, RETRY_NOTES } from './operations.js';
export { describeReferencedProperties, extensibleEnumType, generateSchemaTypes } from './schema-types.js';
export { compileCheck, describeWebhooks, generateWebhooks, SUPPORTED_FORMATS } from './webhooks.js';

/**
 * Writes the generated sources of @svc/client into `outDir` and returns the files written.
 * @param {string} outDir
 * @returns {Promise<string[]>}
 */
export async function generateClient(outDir) {
  const document = JSON.parse(await readFile(openapiJsonPath, 'utf8'));
  const files = {
    'schema.gen.ts': await generateSchemaTypes(document),
    'environments.gen.ts': generateEnvironments(document),
    'operations.gen.ts': generateOperations(document),
    'webhooks.gen.ts': generateWebhooks(document),
    'error-types.gen.ts': generateErrorTypes(document),
  };
  return writeFiles(outDir, files);
}

/**
 * Writes the generated sources of a server (`@svc/sandbox`) into `outDir`: the handler table
 * types (the schema types come from `@svc/client`). Returns the files written.
 * @param {string} outDir
 * @returns {Promise<string[]>}
 */
export async function generateServer(outDir) {
  const document = JSON.parse(await readFile(openapiJsonPath, 'utf8'));
  return writeFiles(outDir, { 'handlers.gen.ts': generateHandlerTypes(document) });
}

/**
 * Writes `error-catalogue.gen.ts` (error types and codes, the catalogue's rows, `documentationUrl`)
 * into `outDir` and returns the files written. Used by servers (@svc/server-kit); a client gets
 * the error types and codes only, in `error-types.gen.ts` of {@link generateClient}.
 * @param {string} outDir
 * @returns {Promise<string[]>}
 */
export async function generateErrors(outDir) {
  const document = JSON.parse(await readFile(openapiJsonPath, 'utf8'));
  return writeFiles(outDir, { 'error-catalogue.gen.ts': generateErrorCatalogue(document) });
}

/**
 * @param {string} outDir
 * @param {Record<string, string>} files content by file name
 * @returns {Promise<string[]>}
 */
async function writeFiles(outDir, files) {
  await mkdir(outDir, { recursive: true });
  const written = [];
  for (const [name, content] of Object.entries(files)) {
    const path = join(outDir, name);
    await writeFile(path, content);
    written.push(path);
  }
  return written;
}
