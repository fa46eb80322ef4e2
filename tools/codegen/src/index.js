/**
 * @module @svc/codegen
 * Generators for the @svc/client sources (types, environments, operations, webhooks) and the
 * sandbox's handler types. `generateClient` and `generateServer` write every generated file of
 * one package; the pieces are exported for tests.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openapiJsonPath, openapiYamlPath } from '@svc/spec';
import { generateEnvironments } from './environments.js';
import { generateHandlerTypes } from './handlers.js';
import { generateOperations } from './operations.js';
import { generateSchemaTypes } from './schema-types.js';
import { generateWebhooks } from './webhooks.js';

export { generatedBanner } from './banner.js';
export { generateEnvironments } from './environments.js';
export { generateHandlerTypes } from './handlers.js';
export { describeOperations, detectPaging, retryPolicy } from './operation-policy.js';
export { generateOperations, jsDoc, pagingRule, RETRY_NOTES } from './operations.js';
export { extensibleEnumType, generateSchemaTypes } from './schema-types.js';
export { compileCheck, describeWebhooks, generateWebhooks, SUPPORTED_FORMATS } from './webhooks.js';

/**
 * Writes the generated sources of @svc/client into `outDir` and returns the files written.
 * @param {string} outDir
 * @returns {Promise<string[]>}
 */
export async function generateClient(outDir) {
  const document = JSON.parse(await readFile(openapiJsonPath, 'utf8'));
  const files = {
    'schema.gen.ts': await generateSchemaTypes(openapiYamlPath),
    'environments.gen.ts': generateEnvironments(document),
    'operations.gen.ts': generateOperations(document),
    'webhooks.gen.ts': generateWebhooks(document),
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
