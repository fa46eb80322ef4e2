/**
 * @module downloads
 * The OpenAPI description offered for download from the reference: the bundled spec of
 * `@svc/spec`, in YAML and in JSON, copied next to `index.html` by the build and linked from the
 * "Download OpenAPI description" panel of the page's introduction (Redoc's `downloadUrls`, set in
 * this package's redocly.yaml to the same file names). The links are relative, so they work from
 * the docs server and from the file opened from disk.
 */

/**
 * One downloadable file.
 * @typedef {object} SpecDownload
 * @property {string} file its name in `dist/`, also its relative URL and its label on the page
 * @property {'yaml' | 'json'} format
 * @property {string} contentType what the docs server sends it as
 */

/** @type {readonly SpecDownload[]} */
export const SPEC_DOWNLOADS = Object.freeze([
  { file: 'openapi.yaml', format: 'yaml', contentType: 'application/yaml; charset=utf-8' },
  { file: 'openapi.json', format: 'json', contentType: 'application/json; charset=utf-8' },
]);
