/**
 * @module @svc/samples
 * Extracts the curl and TypeScript samples of the READMEs and runs them against fresh servers.
 */
export { extractSamples } from './extract.js';
export { README_FILES, readmeSamples } from './readmes.js';
export { curlShim, pointAt, runSample } from './run-sample.js';
