/**
 * @module pack-allowlists
 * What the tarball of each published package may and must contain: built code and its types, the
 * README, the LICENSE, package.json, and for `@svc/spec` the bundled description. Never tests,
 * sources, TypeScript build info or configuration. Paths are relative to the package root.
 */

/**
 * @typedef {object} PackAllowlist
 * @property {string[]} required files that must be in the tarball
 * @property {RegExp[]} allowed every file must match one of these
 */

/** Built JavaScript and its declarations under dist/. */
const BUILT_CODE = /^dist\/(?:[\w.-]+\/)*[\w.-]+\.(?:js|d\.ts)$/;

/**
 * Source maps under dist/. Tolerated, not needed: they point at src/, which is not packed. Drop
 * this once every package builds with `sourceMap: false` and `declarationMap: false` (as
 * @svc/client does) so that the allowlist is exact.
 */
const SOURCE_MAPS = /^dist\/(?:[\w.-]+\/)*[\w.-]+\.(?:js|d\.ts)\.map$/;

/** Files every package tarball has. */
const PACKAGE_FILES = ['package.json', 'README.md', 'LICENSE'];

/** The allowlist of each published package, by name. */
export const PACK_ALLOWLISTS = /** @type {Record<string, PackAllowlist>} */ ({
  '@svc/spec': {
    required: [
      ...PACKAGE_FILES,
      'dist/index.js',
      'dist/index.d.ts',
      'dist/openapi.yaml',
      'dist/openapi.json',
      'dist/openapi.dereferenced.json',
      'dist/workflows/asset-reports.arazzo.json',
      'dist/workflows/asset-reports.arazzo.yaml',
      'dist/workflows/bank-transfers.arazzo.json',
      'dist/workflows/bank-transfers.arazzo.yaml',
      'dist/workflows/items.arazzo.json',
      'dist/workflows/items.arazzo.yaml',
      'dist/workflows/payments.arazzo.json',
      'dist/workflows/payments.arazzo.yaml',
      'dist/workflows/transfers.arazzo.json',
      'dist/workflows/transfers.arazzo.yaml',
      'dist/workflows/webhooks.arazzo.json',
      'dist/workflows/webhooks.arazzo.yaml',
    ],
    allowed: [
      BUILT_CODE,
      SOURCE_MAPS,
      /^dist\/openapi(?:\.dereferenced)?\.(?:yaml|json)$/,
      /^dist\/workflows\/[\w.-]+\.arazzo\.(?:yaml|json)$/,
    ],
  },
  '@svc/client': {
    required: [...PACKAGE_FILES, 'dist/index.js', 'dist/index.d.ts'],
    allowed: [BUILT_CODE, SOURCE_MAPS],
  },
  '@svc/mock': {
    required: [
      ...PACKAGE_FILES,
      'dist/index.js',
      'dist/index.d.ts',
      'dist/prism/prism-operations.json',
      'bin/svc-mock.js',
    ],
    // src/generated/responses.md: the catalogue of canned responses the README links to.
    // dist/prism/prism-operations.json: Prism's operations of the bundled spec, prepared by the
    // build so that the mock need not convert the spec at every start.
    allowed: [
      BUILT_CODE,
      SOURCE_MAPS,
      /^bin\/[\w.-]+\.js$/,
      /^src\/generated\/responses\.md$/,
      /^dist\/prism\/prism-operations\.json$/,
    ],
  },
  '@svc/react-query': {
    required: [...PACKAGE_FILES, 'dist/index.js', 'dist/index.d.ts'],
    allowed: [BUILT_CODE],
  },
  '@svc/server-kit': {
    required: [...PACKAGE_FILES, 'dist/index.js', 'dist/index.d.ts'],
    allowed: [BUILT_CODE, SOURCE_MAPS],
  },
  '@svc/openapi-ajv': {
    required: [...PACKAGE_FILES, 'dist/index.js', 'dist/index.d.ts'],
    allowed: [BUILT_CODE, SOURCE_MAPS],
  },
  '@svc/sandbox': {
    required: [
      ...PACKAGE_FILES,
      'dist/index.js',
      'dist/index.d.ts',
      'dist/cli.js',
      'bin/svc-sandbox.js',
      // Loaded as a worker thread by file, not imported: nothing else would notice it missing.
      'dist/engine/store/sqlite/checkpoint-worker.js',
      // The inspector's page, served by file from the package (read at start, not imported).
      'inspector-page/index.html',
      'inspector-page/app.js',
    ],
    allowed: [BUILT_CODE, SOURCE_MAPS, /^bin\/[\w.-]+\.js$/, /^inspector-page\/(?:panels\/)?[\w-]+\.(?:html|js|css)$/],
  },
});

/** Files no tarball may contain, with the reason given in the failure. */
export const FORBIDDEN = [
  { pattern: /(^|\/)(?:test|tests|__tests__)\//, reason: 'a test' },
  { pattern: /\.(?:test|spec)\.[cm]?[jt]sx?$/, reason: 'a test' },
  { pattern: /\.tsbuildinfo$/, reason: 'TypeScript build info' },
  { pattern: /(^|\/)tsconfig(?:\.[\w-]+)?\.json$/, reason: 'build configuration' },
  { pattern: /(^|\/)(?:turbo\.json|vitest\.config\.[cm]?[jt]s|biome\.json)$/, reason: 'tool configuration' },
  { pattern: /(^|\/)node_modules\//, reason: 'installed dependencies' },
  { pattern: /\.ts$/, reason: 'TypeScript source', unless: /\.d\.ts$/ },
];
