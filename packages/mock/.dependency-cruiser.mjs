/**
 * The architecture of @svc/mock, checked by dependency-cruiser (`pnpm --filter @svc/mock
 * check:architecture`, and `test/architecture.test.ts` in `pnpm test`).
 *
 * Layers, each importing only those below it:
 *   src/cli.ts, src/index.ts   the command line and the package's exports
 *   src/mock/                  the mock's HTTP behaviour: the listener, `Prefer`, start-up
 *   src/prism/                 the adapter of Prism's HTTP engine: knows Prism and the document,
 *                              nothing of `Prefer` nor of the listener
 * Only the adapter loads Prism (`@stoplight/*`), and no module imports itself back in a cycle.
 *
 * Plain JavaScript: dependency-cruiser loads its configuration with `import()` at run time.
 * @type {import('dependency-cruiser').IConfiguration}
 */
export default {
  forbidden: [
    {
      name: 'prism-adapter-knows-no-mock',
      comment: 'src/prism/ is the adapter of Prism: the mock (`Prefer`, the listener) uses it, never the other way',
      severity: 'error',
      from: { path: '^src/prism/' },
      to: { path: '^src/(mock/|cli\\.ts$|index\\.ts$|free-port\\.ts$)' },
    },
    {
      name: 'mock-knows-no-entry-points',
      comment: 'src/mock/ is below the command line and the package exports',
      severity: 'error',
      from: { path: '^src/mock/' },
      to: { path: '^src/(cli|index)\\.ts$' },
    },
    {
      name: 'only-the-adapter-loads-prism',
      comment: "Prism's packages are loaded by src/prism/ alone",
      severity: 'error',
      from: { pathNot: '^src/prism/' },
      to: { path: '(^|/)@stoplight/' },
    },
    {
      name: 'no-circular',
      comment: 'a cycle makes two modules one: split or merge them',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    exclude: { path: '^src/generated/' },
  },
};
