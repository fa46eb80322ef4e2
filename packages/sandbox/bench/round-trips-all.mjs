#!/usr/bin/env node
// Round trips to PostgreSQL of every operation (`node bench/round-trips-all.mjs` in packages/sandbox,
// after a build): a throwaway embedded PostgreSQL, one sandbox on it in this process with
// bench/pg-probe.mjs loaded, and for each operation of the spec, in document order: the store
// reset to the canonical world, the operation's first request example sent and the round trips
// it caused counted ("first"), then the example sent once more and counted too ("again") when
// answered 200. A request that sends `begin` or a statement that changes rows is a
// write (budget 2 round trips), any other a read (budget 1). Prints one line per operation, then
// those over budget with the SQL of each round trip (`--sql` prints it for every operation).
// Exits 1 when any operation is over its budget, 2 when an example is not answered 200.
// Bounded: at most three requests per operation on 127.0.0.1; no webhook is delivered and
// nothing pruned (their statements would mix with the requests' own).
// Plain JS: it drives the built package, with no build step of its own.
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openapiJsonPath } from '@svc/spec';
import { startBenchPostgres } from './bench-postgres.mjs';
import { example, jsonHeaders } from './bench-requests.mjs';

process.env.PG_PROBE_LOG = '1';
const { takeLoggedRoundTrips } = await import('./pg-probe.mjs');
const { silentLogger, startSandbox } = await import('../dist/index.js');

/** Round trips a request of each kind may take. */
export const ROUND_TRIP_BUDGET = { read: 1, write: 2 };
const CHANGES = /^\s*(begin|insert|update|delete|with\b[\s\S]*\b(insert|update|delete)\b)/i;
/** A read that changes nothing, sent after a reset so that the client's row is remembered again. */
const WARM_CLIENT_PATH = '/sandbox/clock/get';
const MAX_SQL = Number(process.env.ROUND_TRIPS_MAX_SQL ?? 300);
const printAll = process.argv.includes('--sql');

const document = JSON.parse(readFileSync(openapiJsonPath, 'utf8'));
const paths = Object.keys(document.paths).filter((path) => document.paths[path].post?.requestBody);

async function send(url, path) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: jsonHeaders,
    body: JSON.stringify(example(path)),
  });
  const text = await response.text();
  return { status: response.status, text };
}

const temp = mkdtempSync(join(tmpdir(), 'svc-sandbox-round-trips-all-'));
chmodSync(temp, 0o777);
const postgres = await startBenchPostgres(temp);
let sandbox;
let over = 0;
let failed = 0;
try {
  sandbox = await startSandbox({
    port: 0,
    store: { kind: 'postgres', url: postgres.url },
    rateLimit: null,
    logger: silentLogger,
    logRequests: false,
    requestRecords: null,
    retention: null,
    // No webhook is delivered: the deliverer's statements would mix with the requests' own.
    delivery: { concurrency: 0 },
  });
  const rows = [];
  const record = (path, state, { status, text }, trips) => {
    const kind = trips.some((trip) => trip.some((sql) => CHANGES.test(sql))) ? 'write' : 'read';
    const statements = trips.reduce((sum, trip) => sum + trip.length, 0);
    const row = { path, status, kind, state, roundTrips: trips.length, statements, trips, text };
    rows.push(row);
    const budget = ROUND_TRIP_BUDGET[kind];
    const mark = status !== 200 ? 'NOT 200' : trips.length > budget ? `OVER (budget ${budget})` : '';
    process.stdout.write(
      `${path.padEnd(48)} ${state.padEnd(6)} ${kind.padEnd(5)} ${String(trips.length).padStart(2)} round trip(s), ${String(statements).padStart(2)} statement(s) ${mark}\n`,
    );
    if (status !== 200) {
      failed++;
    } else if (trips.length > budget) {
      over++;
    }
  };
  for (const path of paths) {
    // "first": the example after a reset to the canonical world, with the client's row
    // remembered (a reset forgets it; a busy sandbox remembers it). "again": the same example
    // sent once more, counted when it is answered 200 again (an idempotent replay, a second
    // read, a second change), left out when the first left a state that refuses it.
    await sandbox.reset();
    await send(sandbox.url, WARM_CLIENT_PATH);
    takeLoggedRoundTrips();
    const first = await send(sandbox.url, path);
    record(path, 'first', first, takeLoggedRoundTrips());
    if (first.status !== 200) {
      continue;
    }
    const again = await send(sandbox.url, path);
    const trips = takeLoggedRoundTrips();
    if (again.status === 200) {
      record(path, 'again', again, trips);
    }
  }
  for (const row of rows) {
    const shown = printAll || row.status !== 200 || row.roundTrips > ROUND_TRIP_BUDGET[row.kind];
    if (!shown) {
      continue;
    }
    process.stdout.write(
      `\n${row.path} (${row.kind}, ${row.state}, answered ${row.status}): ${row.roundTrips} round trip(s)\n`,
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
    `\n${rows.length} operations: ${over} over budget (reads ${ROUND_TRIP_BUDGET.read}, writes ${ROUND_TRIP_BUDGET.write}), ${failed} not answered 200\n`,
  );
} finally {
  await sandbox?.stop();
  await postgres.stop();
  rmSync(temp, { recursive: true, force: true });
}
process.exitCode = failed > 0 ? 2 : over > 0 ? 1 : 0;
