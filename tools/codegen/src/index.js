/**
 * @module @svc/codegen
 * Generators for the @svc/spec sources (the API's types and header names), the @svc/client sources
 * (environments, operations, webhooks, error types), the sandbox's handler types and the error
 * catalogue. `generateSpecTypes`, `generateClient`, `generateServer` and `generateErrors` write
 * every generated file of one target; the pieces are exported for tests.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateEnvironments } from './environments.js';
import { generateErrorCatalogue, generateErrorTypes } from './error-catalogue.js';
import { generateExamples } from './example-credentials.js';
import { generateHandlerTypes } from './handlers.js';
import { generateHeaderNames } from './header-names.js';
import { generateOperations } from './operations.js';
import { generateSchemaTypes } from './schema-types.js';
import { generateWebhooks } from './webhooks.js';

export { generatedBanner } from './banner.js';
export { generateEnvironments } from './environments.js';
export { generateErrorCatalogue, generateErrorTypes, readCatalogue } from './error-catalogue.js';
export { exampleCredentials, generateExamples } from './example-credentials.js';
export { generateHandlerTypes } from './handlers.js';
export { describeHeaderNames, generateHeaderNames } from './header-names.js';
export { describeOperations, detectPaging, retryPolicy } from './operation-policy.js';
export { generateOperations, jsDoc, pagingRule, RETRY_NOTES } from './operations.js';
export {
  describeReferencedProperties,
  extensibleEnumType,
  generateSchemaTypes,
  SPEC_TYPES_MODULE,
} from './schema-types.js';
export { compileCheck, describeWebhooks, generateWebhooks, SUPPORTED_FORMATS } from './webhooks.js';

/**
 * Writes the generated sources of `@svc/spec` into `outDir`: the TypeScript types of the whole API
 * (`types.gen.ts`, exported as `@svc/spec/types`), its header names (`headers.gen.ts`, exported
 * as `@svc/spec/headers`) and its canonical example credentials (`examples.gen.ts`,
 * `@svc/spec/examples`). `@svc/spec` runs this on the document it has just bundled, so the path
 * is given (the package cannot depend on this generator's default, itself).
 * @param {string} outDir
 * @param {string} specPath the bundled document in JSON
 * @returns {Promise<string[]>}
 */
export async function generateSpecTypes(outDir, specPath) {
  const document = JSON.parse(await readFile(specPath, 'utf8'));
  return writeFiles(outDir, {
    'types.gen.ts': await generateSchemaTypes(document),
    'headers.gen.ts': generateHeaderNames(document),
    'examples.gen.ts': generateExamples(document),
  });
}

/**
 * Writes the generated sources of @svc/client into `outDir` and returns the files written. The
 * schema types they use are those of `@svc/spec/types` ({@link generateSpecTypes}); the header
 * names are generated into the client as well (`headers.gen.ts`, the same generator as
 * `@svc/spec/headers`, each name also a constant of its own), since a browser client takes no
 * runtime dependency.
 * @param {string} outDir
 * @returns {Promise<string[]>}
 */
export async function generateClient(outDir) {
  const document = await readBundledDocument();
  const files = {
    'environments.gen.ts': generateEnvironments(document),
    'headers.gen.ts': generateHeaderNames(document, { constants: true }),
    'operations.gen.ts': generateOperations(document),
    'webhooks.gen.ts': generateWebhooks(document),
    'error-types.gen.ts': generateErrorTypes(document),
  };
  return writeFiles(outDir, files);
}

/**
 * Writes the generated sources of a server (`@svc/sandbox`) into `outDir`: the handler table
 * types (the schema types come from `@svc/spec/types`). Returns the files written.
 * @param {string} outDir
 * @returns {Promise<string[]>}
 */
export async function generateServer(outDir) {
  const document = await readBundledDocument();
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
  const document = await readBundledDocument();
  return writeFiles(outDir, { 'error-catalogue.gen.ts': generateErrorCatalogue(document) });
}

/**
 * The bundled document of `@svc/spec`, parsed. Imported when needed, not at load: `@svc/spec` runs
 * {@link generateSpecTypes} while its own build has not written `dist/index.js` yet.
 * @returns {Promise<any>}
 */
async function readBundledDocument() {
  const { openapiJsonPath } = await import('@svc/spec');
  return JSON.parse(await readFile(openapiJsonPath, 'utf8'));
}

/**
 * Writes `headers.gen.ts` (`HEADER_NAMES`, see {@link generateHeaderNames}) into `outDir` and
 * returns the files written: for a package that takes no runtime dependency on `@svc/spec`
 * (`@svc/server-kit`); the others import `@svc/spec/headers`.
 * @param {string} outDir
 * @returns {Promise<string[]>}
 */
export async function generateHeaders(outDir) {
  return writeFiles(outDir, { 'headers.gen.ts': generateHeaderNames(await readBundledDocument()) });
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
