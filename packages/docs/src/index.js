/**
 * @module @svc/docs
 * Builds and serves the self-contained HTML reference of the SVC API (Redocly build-docs over the
 * bundled spec, with generated curl and `@svc/client` code samples, a section on the API's
 * Arazzo workflows, a "Try it" console per operation, and the bundled spec offered for download).
 */

export {
  bundledLibraryEnv,
  CHROMIUM_CACHE_ENV,
  CHROMIUM_PATH_ENV,
  chromiumCacheDir,
  findChromium,
  HEADLESS_ARGS,
  isExecutableFile,
  loadPackagedChromium,
  PACKAGED_CHROMIUM,
  SYSTEM_CHROMIUM,
} from '@svc/chromium';
export {
  buildDocs,
  distDir,
  docsDocumentOf,
  docsDocumentPath,
  htmlPath,
  packageDir,
  redoclyConfigPath,
} from './build-docs.js';
export {
  credentialHeaders,
  curlSample,
  defaultRequestExample,
  operationCodeSamples,
  SAMPLE_ENVIRONMENT,
  SAMPLE_EXAMPLE_NAME,
  serverUrl,
  typescriptSample,
  withCodeSamples,
} from './code-samples.js';
export { CLOCK_OPERATIONS, CONSOLE_ENVIRONMENTS, consoleData } from './console/console-data.js';
export { CONSOLE_DATA_ID, carriedValues, sendRequest, startConsole, withField } from './console/console-page.js';
export {
  CONSOLE_SCRIPT_ID,
  CONSOLE_STYLE,
  CONSOLE_STYLE_ID,
  consoleScript,
  withConsole,
} from './console/console-script.js';
export { bodyProblems, schemaProblems } from './console/schema-check.js';
export { SPEC_DOWNLOADS } from './downloads.js';
export { shellQuote, typescriptLiteral, typescriptString } from './literals.js';
export { LOCAL_ENVIRONMENT, LOCAL_NOTE_ID, withLocalSamples } from './local-samples.js';
export { PAGE_STYLE, PAGE_STYLE_ID, withPageStyle } from './page-style.js';
export { WORD_SEPARATING_HTML, WORD_SEPARATING_NODES, withWordBoundariesInSearch } from './search-text.js';
export {
  CDN_HOSTS,
  EMPTY_DATA_URL,
  findRemoteReferences,
  OTLP_DEFAULT_URL,
  REDOC_REMOTE_HOSTS,
  replaceRemoteResources,
  telemetryDisabled,
} from './self-contained.js';
export { serveDocs } from './serve.js';
export { breakableCode, withBreakableTableCodes, withTableCodeBreaks } from './table-codes.js';
export {
  criterionText,
  RESPECT_CLI,
  readableExpression,
  WORKFLOWS_HEADING,
  withWorkflows,
  workflowsSection,
} from './workflows-section.js';
