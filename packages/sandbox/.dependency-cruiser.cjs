// The sandbox's architecture, checked by `test/architecture.test.ts` (part of `npm test`).
// CommonJS because dependency-cruiser loads its configuration with require().
//
// Layers, one way: the composition root (src/*.ts) -> features -> engine.
// - The engine (src/engine) knows no feature; only engine/store/database.ts, which composes the
//   schema, names each feature's tables.ts (type-only leaf modules).
// - A feature uses another feature only through that feature's index.ts.
// - Nothing imports the composition root, and there are no import cycles.
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
      comment: 'The engine is below every feature; only the schema composition names feature tables.',
      from: { path: '^src/engine/', pathNot: '^src/engine/store/database\\.ts$' },
      to: { path: '^src/features/' },
    },
    {
      name: 'schema-only-names-tables',
      severity: 'error',
      comment: 'The schema composition imports nothing of a feature but its tables.ts.',
      from: { path: '^src/engine/store/database\\.ts$' },
      to: { path: '^src/features/', pathNot: '^src/features/[^/]+/tables\\.ts$' },
    },
    {
      name: 'feature-through-index',
      severity: 'error',
      comment: "A feature uses another feature only through that feature's index.ts.",
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/[^/]+/', pathNot: ['^src/features/$1/', '^src/features/[^/]+/index\\.ts$'] },
    },
    {
      name: 'nothing-imports-the-root',
      severity: 'error',
      comment: 'The composition root (src/*.ts) wires features and engine together; nothing imports it.',
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
