#!/usr/bin/env node
// Build step (after tsc): Prism's operations prepared once, into dist/ (its usage, below, says
// more; see src/prism/prism-operations.ts).
import { readCommandLine } from '../../../tools/dev/command-line.mjs';

readCommandLine({
  command: 'prepare-operations.mjs',
  usage: `usage: node scripts/prepare-operations.mjs   (last step of pnpm --filter @svc/mock build, after tsc)

Converts the bundled spec into Prism's operations once, checks every static success response
against its schema, and writes both to dist/prism/prism-operations.json, so that the mock neither
converts the spec at every start nor compiles a response's schema at its first request. The file
records the SHA-256 of the spec's text and the Prism version; the mock converts at start-up when
either differs.
  -h, --help   show this help`,
});
// What needs a build is imported once the command line is read, so that --help needs none.
const { openapiJsonPath } = await import('@svc/spec');
const { PREPARED_OPERATIONS_URL, writePreparedOperations } = await import('../dist/prism/prism-operations.js');

const started = performance.now();
const { operations, checkedStatic } = await writePreparedOperations(openapiJsonPath);
process.stdout.write(
  `prepared ${operations.length} Prism operations of ${openapiJsonPath} and checked ${checkedStatic.length} ` +
    `static success responses in ${Math.round(performance.now() - started)} ms: ${PREPARED_OPERATIONS_URL.pathname}\n`,
);
