#!/usr/bin/env node
// The statements each benchmarked request type sends to PostgreSQL (its usage, below, says more).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCommandLine } from '../../../tools/dev/command-line.mjs';

readCommandLine({
  command: 'round-trips.mjs',
  usage: `usage: node bench/round-trips.mjs   (in packages/sandbox, after a build)

The statements each benchmarked request type (and /bank_transfer/create) sends to PostgreSQL, round trip by round trip
(\`node bench/round-trips.mjs\` in packages/sandbox, after a build). Starts a throwaway embedded
PostgreSQL and one sandbox on it with bench/pg-probe.mjs preloaded (PG_PROBE_LOG=1), warms each
request type once (the client's row and the statements' names are in place), then sends one
request of each type and prints the SQL texts of each round trip it caused. Work of the
sandbox's own timers (the webhook deliverer, retention) that happens to run meanwhile shows up
too: run it twice if a line looks foreign. Bounded: a handful of requests on 127.0.0.1.
Plain JS: it drives the built package and a child process, with no build step of its own.
Environment: ROUND_TRIPS_MAX_SQL, the longest SQL text printed per statement (default 400).
  -h, --help   show this help`,
});
// What needs a build is imported once the command line is read, so that --help needs none.
const { startBenchPostgres } = await import('./bench-postgres.mjs');
const { example, jsonHeaders } = await import('./bench-requests.mjs');
const { askProbe, spawnServer, stopServer } = await import('./bench-servers.mjs');

const SANDBOX_BIN = fileURLToPath(new URL('../bin/svc-sandbox.js', import.meta.url));
/** Longest SQL text printed per statement (the rest elided). */
const MAX_SQL = Number(process.env.ROUND_TRIPS_MAX_SQL ?? 400);
const headers = jsonHeaders;

/** One sandbox on `url` with the probe logging what it sends (PG_PROBE_LOG=1). */
function startSandbox(url) {
  return spawnServer('sandbox', [SANDBOX_BIN, '--port', '0', '--database-url', url, '--quiet', '--rate-limit', 'off'], {
    probe: true,
    env: { ...process.env, PG_PROBE_LOG: '1' },
  });
}

/** The round trips the sandbox sent since the last call, each a list of SQL texts. */
async function loggedRoundTrips(sandbox) {
  return (await askProbe(sandbox, 'statements', 'statements')).roundTrips;
}

async function post(sandbox, path, body) {
  const response = await fetch(`${sandbox.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const answer = await response.json();
  if (response.status !== 200) {
    throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  }
  return answer;
}

async function main() {
  const temp = mkdtempSync(join(tmpdir(), 'svc-sandbox-round-trips-'));
  chmodSync(temp, 0o777);
  const postgres = await startBenchPostgres(temp);
  let sandbox;
  try {
    sandbox = await startSandbox(postgres.url);
    let sequence = 0;
    const authorizationIds = [];
    const types = [
      { name: 'read /auth/get', send: () => post(sandbox, '/auth/get', example('/auth/get')) },
      {
        name: 'write /transfer/authorization/create',
        send: async () =>
          authorizationIds.push(
            (await post(sandbox, '/transfer/authorization/create', example('/transfer/authorization/create')))
              .authorization.id,
          ),
      },
      {
        name: 'write /transfer/create',
        send: () =>
          post(sandbox, '/transfer/create', {
            ...example('/transfer/create'),
            idempotency_key: `round-trips-${process.pid}-${sequence++}`,
            authorization_id: authorizationIds.shift(),
          }),
      },
      ...['credit', 'debit'].map((type) => ({
        name: `write /bank_transfer/create (${type})`,
        send: () =>
          post(sandbox, '/bank_transfer/create', {
            ...example('/bank_transfer/create'),
            type,
            idempotency_key: `round-trips-bank-${process.pid}-${sequence++}`,
          }),
      })),
    ];
    // Warm-up: one request of each type (an authorization made and used).
    for (const type of types) {
      await type.send();
    }
    for (const type of types) {
      await loggedRoundTrips(sandbox);
      await type.send();
      const roundTrips = await loggedRoundTrips(sandbox);
      process.stdout.write(`\n${type.name}: ${roundTrips.length} round trip(s)\n`);
      roundTrips.forEach((statements, index) => {
        process.stdout.write(`  round trip ${index + 1}\n`);
        for (const text of statements) {
          process.stdout.write(`    ${text.length > MAX_SQL ? `${text.slice(0, MAX_SQL)} …` : text}\n`);
        }
      });
    }
  } finally {
    if (sandbox) {
      await stopServer(sandbox);
    }
    await postgres.stop();
    rmSync(temp, { recursive: true, force: true });
  }
}

await main();
