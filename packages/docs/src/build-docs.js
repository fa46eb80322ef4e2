/**
 * @module build-docs
 * Builds the HTML reference: bundled spec → docs-only document with code samples, the
 * Workflows section (the Arazzo workflows of `@svc/spec`) and table codes that wrap only at `_`
 * and `/` → `redocly build-docs --inlineBundle` (with links to download the spec) → remote
 * resources replaced → checked self-contained → the page's own style and search text fix added;
 * the bundled spec (YAML and JSON) copied next to the page for the download links.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listOperations, readWorkflowFiles } from '@svc/openapi-kit';
import { openapiJsonPath, openapiYamlPath, workflowsPath } from '@svc/spec';
import { withCodeSamples } from './code-samples.js';
import { withConsole } from './console/console-script.js';
import { SPEC_DOWNLOADS } from './downloads.js';
import { withPageStyle } from './page-style.js';
import { withWordBoundariesInSearch } from './search-text.js';
import { findRemoteReferences, replaceRemoteResources, telemetryDisabled } from './self-contained.js';
import { withTableCodeBreaks } from './table-codes.js';
import { withWorkflows } from './workflows-section.js';

/** The package directory (packages/docs). */
export const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Where the build writes: `index.html` (the reference), `openapi.docs.json` (its input) and the
 * bundled spec offered for download (`openapi.yaml`, `openapi.json`).
 */
export const distDir = join(packageDir, 'dist');

/** The built reference. */
export const htmlPath = join(distDir, 'index.html');

/**
 * The docs-only document (bundled spec plus `x-codeSamples` and the Workflows section) the
 * reference is rendered from.
 */
export const docsDocumentPath = join(distDir, 'openapi.docs.json');

/** Redocly configuration of the docs build (telemetry off, Redoc options). */
export const redoclyConfigPath = join(packageDir, 'redocly.yaml');

/** Where each file of {@link SPEC_DOWNLOADS} is copied from. */
const DOWNLOAD_SOURCES = { yaml: openapiYamlPath, json: openapiJsonPath };

/**
 * The docs-only document the reference is rendered from: the bundled spec with code samples, the
 * Workflows section and breakable table codes.
 * @param {import('@svc/openapi-kit').OpenApiDocument} document the bundled spec
 * @returns {import('@svc/openapi-kit').OpenApiDocument}
 */
export function docsDocumentOf(document) {
  return withTableCodeBreaks(withWorkflows(withCodeSamples(document), readWorkflowFiles(workflowsPath)));
}

/**
 * What a build produced.
 * @typedef {object} BuildResult
 * @property {string} htmlPath
 * @property {number} htmlBytes
 * @property {number} operations operations with code samples
 * @property {Map<string, number>} replaced remote URLs replaced by `data:,`, with their counts
 * @property {number} milliseconds
 */

/** @returns {string} the path of Redocly CLI's executable script */
function redoclyCli() {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('@redocly/cli/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.redocly;
  if (typeof bin !== 'string') {
    throw new Error(`@redocly/cli ${manifest.version} declares no "redocly" executable`);
  }
  return join(dirname(manifestPath), bin);
}

/**
 * Runs `redocly build-docs` on `input`, writing `output`. Telemetry and the update check are off
 * through the environment as well as the config file, since turbo may strip inherited variables.
 * @param {string} input
 * @param {string} output
 * @param {string} title
 */
function renderWithRedocly(input, output, title) {
  const args = [redoclyCli(), 'build-docs', input, '--inlineBundle', '--config', redoclyConfigPath];
  execFileSync(process.execPath, [...args, '--title', title, '--output', output], {
    cwd: packageDir,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
}

/**
 * Builds the reference into `dist/`. Throws, naming the offending references, when the page would
 * load anything from another host or when Redoc's telemetry is on.
 * @returns {BuildResult}
 */
export function buildDocs() {
  const started = performance.now();
  const document = JSON.parse(readFileSync(openapiJsonPath, 'utf8'));
  const docsDocument = docsDocumentOf(document);
  mkdirSync(distDir, { recursive: true });
  writeFileSync(docsDocumentPath, `${JSON.stringify(docsDocument, null, 2)}\n`);

  const rendered = join(distDir, 'redocly-output.html');
  const info = /** @type {{title?: string}} */ (document.info ?? {});
  renderWithRedocly(docsDocumentPath, rendered, info.title ?? 'API reference');
  const self = replaceRemoteResources(readFileSync(rendered, 'utf8'));
  rmSync(rendered);
  const html = withConsole(
    withWordBoundariesInSearch(withPageStyle(self.html)),
    document,
    readWorkflowFiles(workflowsPath),
  );

  const remote = findRemoteReferences(html);
  if (remote.length > 0) {
    const list = remote.map(({ kind, match }) => `  ${kind}: ${match}`).join('\n');
    throw new Error(`the rendered page still loads from other hosts:\n${list}\nExtend src/self-contained.js.`);
  }
  if (!telemetryDisabled(html)) {
    throw new Error('the rendered page has Redoc telemetry on ("disableTelemetry" is not true): check redocly.yaml');
  }
  writeFileSync(htmlPath, html);
  for (const { file, format } of SPEC_DOWNLOADS) {
    copyFileSync(DOWNLOAD_SOURCES[format], join(distDir, file));
  }
  return {
    htmlPath,
    htmlBytes: Buffer.byteLength(html),
    operations: listOperations(docsDocument).length,
    replaced: self.replaced,
    milliseconds: performance.now() - started,
  };
}
