#!/usr/bin/env node
// Benchmark of the worst requests the edges can meet (its usage, below, says more).
import { readFileSync } from 'node:fs';
import { readCommandLine } from '../../../tools/dev/command-line.mjs';

readCommandLine({
  command: 'bench-edges.mjs',
  usage: `usage: node scripts/bench-edges.mjs   (in packages/server-kit; pnpm --filter @svc/server-kit bench builds first)

Benchmark of the worst requests the edges can meet (\`pnpm --filter @svc/server-kit bench\`, after
a build): for each hostile body, the CPU time to read it (JSON.parse and the limits), validate it
against the spec with Ajv and build the ApiError, with the body size and the time per KB. Bodies
past the limits stop at the limits; those just under them are fully validated, which is the most
work one request can cause. Repeats each body BENCH_RUNS (default 5) times and prints the median.
  -h, --help   show this help`,
});
// What needs a build is imported once the command line is read, so that --help needs none.
const { openapiDereferencedJsonPath } = await import('@svc/spec');
const { createRequestValidator, parseJsonObject, validationError } = await import('../dist/index.js');

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const validator = createRequestValidator(JSON.parse(readFileSync(openapiDereferencedJsonPath, 'utf8')));
const token = '"access_token":"access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6"';
const fields = (count) => Array.from({ length: count }, (_, index) => `"k${index}":1`).join(',');
const items = (count, item) => Array.from({ length: count }, () => item).join(',');
const nested = (depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

const bodies = [
  ['a valid request', 'itemRemove', `{${token}}`],
  ['50,000 unknown fields (over the limit)', 'itemRemove', `{${token},${fields(50_000)}}`],
  ['999 unknown fields (just under the limit)', 'itemRemove', `{${token},${fields(999)}}`],
  [
    '100,000 wrong-typed items (over the limit)',
    'authGet',
    `{${token},"options":{"account_ids":[${items(100_000, '1')}]}}`,
  ],
  ['1,000 wrong-typed items (at the limit)', 'authGet', `{${token},"options":{"account_ids":[${items(1000, '1')}]}}`],
  [
    '4,990 wrong values in 5 arrays (just under the value limit)',
    'institutionsGet',
    `{"count":2,"offset":0,"country_codes":["US"],"options":{"products":[${items(998, '1')}],"routing_numbers":[${items(998, '1')}]},"k1":[${items(998, '1')}],"k2":[${items(998, '1')}],"k3":[${items(998, '1')}]}`,
  ],
  ['100,000 levels of nesting in a known field', 'itemRemove', `{"access_token":${nested(100_000)}}`],
  ['500,000 levels (a 1 MB body)', 'itemRemove', `{"access_token":${nested(500_000)}}`],
];

/** The edges' work for one body: read it, validate it, build the error. */
function handle(operationId, bytes) {
  const read = parseJsonObject(bytes, 'bench');
  if (!read.ok) {
    return read.response.error;
  }
  const violations = validator.validate(operationId, read.body, {});
  return violations.length === 0 ? undefined : validationError(violations, 'bench');
}

const rows = [];
for (const [name, operationId, text] of bodies) {
  const bytes = new TextEncoder().encode(text);
  const times = [];
  let outcome;
  for (let run = 0; run < RUNS; run++) {
    const started = process.cpuUsage();
    outcome = handle(operationId, bytes);
    const used = process.cpuUsage(started);
    times.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const kb = bytes.length / 1024;
  rows.push({
    body: name,
    size: `${kb.toFixed(1)} KB`,
    'CPU ms (median)': median.toFixed(1),
    'ms per KB': (median / kb).toFixed(2),
    answer: outcome ? `${outcome.status} ${outcome.error_code} (${outcome.causes.length} causes)` : '200',
  });
}
process.stdout.write(`Node ${process.version}, ${RUNS} runs each\n`);
console.table(rows);
