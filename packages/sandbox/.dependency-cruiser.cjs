// The sandbox's architecture, checked by `test/architecture.test.ts` (part of `npm test`) over
// `src` and `test`. CommonJS because dependency-cruiser loads its configuration with require().
//
// Layers, one way: the composition root (src/*.ts) -> features -> engine.
// - A feature reaches the engine only through its surface, `engine/index.ts`; the engine imports
//   no feature (each feature merges its tables into the schema from its own `tables.ts`).
// - A feature uses another only through that feature's index.ts, and only one that FEATURE_USES
//   below lists for it: the order of the features, written once.
// - Inside the engine: the foundation (clock, logger, ids, JSON text, errors) uses nothing above
//   it; the store uses the foundation and the other parts' table types only; HTTP edges sit on
//   top, and nothing in the engine imports its own surface.
// - Tests follow the same feature rules (a feature's tests and the support code reach another
//   feature through its index.ts), and nothing imports the composition root but tests.
// - No import cycles.

/**
 * Which features each feature may use (through their index.ts): every edge between features is
 * listed here, so a new one is a decision made in this file. Read it from the bottom up: `world`
 * (the canonical data) is the base; `bank-transfers` builds on the most.
 */
const FEATURE_USES = {
  world: [],
  employers: [],
  inspector: [],
  'sandbox-admin': [],
  clock: ['inspector'],
  faults: ['inspector'],
  payments: ['world'],
  institutions: ['world'],
  items: ['institutions', 'world'],
  applications: ['items', 'world'],
  'account-data': ['items', 'world'],
  processor: ['account-data', 'items', 'world'],
  signal: ['account-data', 'items', 'world'],
  'asset-reports': ['account-data', 'items', 'world'],
  transfers: ['items', 'signal', 'world'],
  'bank-transfers': ['institutions', 'items', 'transfers', 'world'],
};

/** The engine's foundation: modules that use nothing else of the engine. */
const FOUNDATION = '^src/engine/(clock|logger|ids|json-text|request-fingerprint)\\.ts$|^src/engine/errors/';
/** The engine's parts above the store. */
const ABOVE_STORE = '^src/engine/(clients|schedule|webhooks|inspector|http)/|^src/engine/handler-types\\.ts$';

const featureOrder = Object.entries(FEATURE_USES).map(([feature, uses]) => ({
  name: `feature-order-${feature}`,
  severity: 'error',
  comment: `${feature} may use only ${uses.length ? uses.join(', ') : 'no other feature'} (FEATURE_USES in .dependency-cruiser.cjs).`,
  from: { path: `^src/features/${feature}/` },
  to: {
    path: '^src/features/[^/]+/',
    pathNot: [`^src/features/${feature}/`, ...uses.map((used) => `^src/features/${used}/`)],
  },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules must not import each other in a loop.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'engine-not-to-features',
      severity: 'error',
      comment: 'The engine is below every feature: it imports none (features merge their tables into its schema).',
      from: { path: '^src/engine/' },
      to: { path: '^src/features/' },
    },
    {
      name: 'features-through-engine-surface',
      severity: 'error',
      comment: 'A feature reaches the engine only through engine/index.ts, its surface.',
      from: { path: '^src/features/' },
      to: { path: '^src/engine/', pathNot: '^src/engine/index\\.ts$' },
    },
    {
      name: 'engine-not-to-its-surface',
      severity: 'error',
      comment: 'engine/index.ts is the surface for features; the engine imports its own modules directly.',
      from: { path: '^src/engine/' },
      to: { path: '^src/engine/index\\.ts$' },
    },
    {
      name: 'engine-foundation-below-all',
      severity: 'error',
      comment: 'The foundation (clock, logger, ids, JSON text, errors) uses nothing else of the engine.',
      from: { path: FOUNDATION },
      to: { path: '^src/engine/', pathNot: FOUNDATION },
    },
    {
      name: 'engine-store-below-services',
      severity: 'error',
      comment: 'The store uses the foundation and the table types of the parts above it, nothing else of them.',
      from: { path: '^src/engine/store/' },
      to: { path: ABOVE_STORE, pathNot: '/tables\\.ts$' },
    },
    {
      name: 'engine-http-on-top',
      severity: 'error',
      comment: 'The HTTP edges sit on top of the engine: only the surface and the composition root import them.',
      from: { path: '^src/engine/', pathNot: ['^src/engine/http/', '^src/engine/index\\.ts$'] },
      to: { path: '^src/engine/http/' },
    },
    {
      name: 'feature-through-index',
      severity: 'error',
      comment: "A feature uses another feature only through that feature's index.ts.",
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/[^/]+/', pathNot: ['^src/features/$1/', '^src/features/[^/]+/index\\.ts$'] },
    },
    ...featureOrder,
    {
      name: 'feature-tests-through-index',
      severity: 'error',
      comment: "A feature's tests reach another feature only through that feature's index.ts.",
      from: { path: '^test/features/([^/]+)/' },
      to: { path: '^src/features/[^/]+/', pathNot: ['^src/features/$1/', '^src/features/[^/]+/index\\.ts$'] },
    },
    {
      name: 'test-support-through-index',
      severity: 'error',
      comment: "Test support code reaches a feature only through the feature's index.ts.",
      from: { path: '^test/support/' },
      to: { path: '^src/features/[^/]+/', pathNot: '^src/features/[^/]+/index\\.ts$' },
    },
    {
      name: 'nothing-imports-the-root',
      severity: 'error',
      comment: 'The composition root (src/*.ts) wires features and engine together; only tests import it.',
      from: { path: '^src/(engine|features|generated)/' },
      to: { path: '^src/[^/]+\\.ts$' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
