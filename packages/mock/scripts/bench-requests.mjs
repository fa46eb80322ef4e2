// The requests the mock's benchmarks send (bench.mjs, bench-in-process.mjs): a read, POST
// /auth/get, and a write, POST /transfer/create, each with the spec's first request example, and
// the headers they carry (JSON, the example credentials). Imported once a benchmark's command line
// is read: it needs the built @svc/spec and @svc/openapi-kit.
import { readFileSync } from 'node:fs';
import { listOperations, requestExamples } from '@svc/openapi-kit';
import { openapiJsonPath } from '@svc/spec';
import { EXAMPLE_CREDENTIALS } from '@svc/spec/examples';
import { HEADER_NAMES } from '@svc/spec/headers';

const document = JSON.parse(readFileSync(openapiJsonPath, 'utf8'));
const operations = listOperations(document);

/** The headers of every benchmark request. */
export const BENCH_HEADERS = {
  'content-type': 'application/json',
  [HEADER_NAMES.clientId]: EXAMPLE_CREDENTIALS.clientId,
  [HEADER_NAMES.secret]: EXAMPLE_CREDENTIALS.secret,
};

/** A request kind: an operation with its first request example. */
function requestKind(label, operationId) {
  const entry = operations.find((operation) => operation.operationId === operationId);
  const example = entry && requestExamples(document, entry)[0];
  if (!entry || !example) {
    throw new Error(`${operationId} or its request example is missing from the spec`);
  }
  return { label, operationId, path: entry.path, body: JSON.stringify(example.value) };
}

/** The read and the write the benchmarks measure. */
export const BENCH_KINDS = [requestKind('read', 'authGet'), requestKind('write', 'transferCreate')];
