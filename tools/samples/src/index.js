/**
 * @module @svc/samples
 * Extracts the curl and TypeScript samples of the READMEs and runs them against fresh servers;
 * `extractFences` gives every fenced block of a Markdown text (for checks of other kinds).
 */
export { extractFences, extractSamples } from './extract.js';
export { README_FILES, readmeSamples } from './readmes.js';
export { curlShim, pointAt, runSample } from './run-sample.js';
