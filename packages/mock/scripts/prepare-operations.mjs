#!/usr/bin/env node
// Build step (after tsc): converts the bundled spec into Prism's operations once, checks every
// static success response against its schema, and writes both to dist/prism/prism-operations.json, so
// that the mock neither dereferences and converts the spec at every start nor compiles a
// response's schema at its first request (see src/prism/prism-operations.ts). The file records
// the SHA-256 of the spec's text and the Prism version; the mock converts at start-up when
// either differs.
import { openapiJsonPath } from '@svc/spec';
import { PREPARED_OPERATIONS_URL, writePreparedOperations } from '../dist/prism/prism-operations.js';

const started = performance.now();
const { operations, checkedStatic } = await writePreparedOperations(openapiJsonPath);
process.stdout.write(
  `prepared ${operations.length} Prism operations of ${openapiJsonPath} and checked ${checkedStatic.length} ` +
    `static success responses in ${Math.round(performance.now() - started)} ms: ${PREPARED_OPERATIONS_URL.pathname}\n`,
);
