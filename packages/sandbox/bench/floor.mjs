#!/usr/bin/env node
// How far below a bare server the least stateful server is (its usage, below, says more).
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCommandLine } from '../../../tools/dev/command-line.mjs';

readCommandLine({
  command: 'floor.mjs',
  usage: `usage: node bench/floor.mjs   (in packages/sandbox, after a build; pnpm --filter @svc/sandbox bench:floor)

The floor under issue 42's goals: side by side with the bare node:http server of the load
benchmark, servers that do only the least a stateful sandbox does (bench/floor-server.mjs, on
node:http and better-sqlite3 as the sandbox is): the answer serialised per request; that and each
request recorded in SQLite; the answer read from three indexed reads; a write of a transfer and
its idempotency key grouped per turn; each of those with the recording; and on an embedded
PostgreSQL, a read as one join and a write as one statement, each recorded. For the read (POST
/auth/get) also the sandbox on SQLite and on PostgreSQL as users run it (recording, fault rules,
clocks on), so its distance from the floor shows in the same run. Per server and connection count (10, 50): requests
per second ÷ the bare server's in the same round (median and range of the rounds) and CPU µs per
request of the server process (/proc). Servers take turns within each round. Environment:
BENCH_ROUNDS (default 3), BENCH_DURATION_S (default 5), BENCH_WARMUP_S (default 1),
FLOOR_POSTGRES=0 leaves PostgreSQL out. Traffic only to loopback; prints, asserts nothing.
  -h, --help   show this help`,
});
const { cpuMicros } = await import('./bench-cpu.mjs');
const { median } = await import('./bench-median.mjs');
const { example, jsonHeaders } = await import('./bench-requests.mjs');
const { startBenchPostgres } = await import('./bench-postgres.mjs');
const { runLoad } = await import('./bench-scenarios.mjs');
const { spawnServer, stopServer } = await import('./bench-servers.mjs');

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 1);
const CONNECTIONS = [10, 50];
const WITH_POSTGRES = process.env.FLOOR_POSTGRES !== '0';
const FLOOR_SERVER = fileURLToPath(new URL('./floor-server.mjs', import.meta.url));
const SANDBOX_BIN = fileURLToPath(new URL('../bin/svc-sandbox.js', import.meta.url));
const BARE_SERVER = fileURLToPath(new URL('../../mock/scripts/bare-server.mjs', import.meta.url));

/** The two request kinds: the path, the body, and the servers measured besides bare. */
const SCENARIOS = [
  {
    label: 'read /auth/get',
    path: '/auth/get',
    body: example('/auth/get'),
    floors: ['answer', 'record', 'read', 'read-record', ...(WITH_POSTGRES ? ['pg-read'] : [])],
    sandbox: true,
  },
  {
    label: 'write /transfer/create',
    path: '/transfer/create',
    body: example('/transfer/create'),
    floors: ['answer', 'record', 'write', 'write-record', ...(WITH_POSTGRES ? ['pg-write'] : [])],
    sandbox: false,
  },
];

/** Sends `scenario`'s request to `url` for `duration` s over `connections` connections. */
function load(url, scenario, connections, duration) {
  return runLoad({
    url: `${url}${scenario.path}`,
    method: 'POST',
    headers: jsonHeaders,
    body: JSON.stringify(scenario.body),
    connections,
    duration,
  });
}

/** Requests per second and CPU µs per request of `server` under `scenario`; fails on any answer but 200. */
async function measure(server, scenario, connections) {
  const before = cpuMicros(server.child.pid);
  const result = await load(server.url, scenario, connections, DURATION_S);
  const answered = result['2xx'] + result.non2xx;
  if (result.non2xx > 0 || result.errors > 0 || answered === 0) {
    throw new Error(
      `${server.name} answered ${result.non2xx} of ${answered} ${scenario.path} requests with a status but 200 (${result.errors} errors)`,
    );
  }
  return { perSecond: answered / DURATION_S, cpu: (cpuMicros(server.child.pid) - before) / answered };
}

const temp = mkdtempSync(join(tmpdir(), 'svc-sandbox-floor-'));
// PostgreSQL's own user (when run as root) creates its data directory in it.
chmodSync(temp, 0o777);
const servers = [];
let postgres;
try {
  postgres = WITH_POSTGRES ? await startBenchPostgres(temp) : undefined;
  const floors = new Map();
  for (const kind of new Set(SCENARIOS.flatMap((scenario) => scenario.floors))) {
    const env = { ...process.env, FLOOR_KIND: kind, FLOOR_DATABASE_URL: postgres?.url ?? '' };
    const server = await spawnServer(`floor: ${kind}`, [FLOOR_SERVER], { env });
    servers.push(server);
    floors.set(kind, server);
  }
  const sandboxArgs = [SANDBOX_BIN, '--port', '0', '--quiet', '--rate-limit', 'off'];
  const sandboxes = [
    await spawnServer('sandbox (SQLite)', [...sandboxArgs, '--data-dir', join(temp, 'sqlite')]),
    ...(postgres ? [await spawnServer('sandbox (PostgreSQL)', [...sandboxArgs, '--database-url', postgres.url])] : []),
  ];
  servers.push(...sandboxes);
  // The bare server answers the floor's own answers, byte for byte the same size.
  const payloads = [];
  for (const scenario of SCENARIOS) {
    const response = await fetch(`${floors.get('answer')?.url}${scenario.path}`, {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify(scenario.body),
    });
    const file = join(temp, `${scenario.path.replaceAll('/', '_')}.json`);
    writeFileSync(file, await response.text());
    payloads.push(`${scenario.path}=${file}`);
  }
  const bare = await spawnServer('bare node:http', [BARE_SERVER, ...payloads]);
  servers.push(bare);
  const table = [];
  for (const scenario of SCENARIOS) {
    const measured = [
      bare,
      ...scenario.floors.map((kind) => /** @type {any} */ (floors.get(kind))),
      ...(scenario.sandbox ? sandboxes : []),
    ];
    for (const server of measured) {
      await load(server.url, scenario, 10, WARMUP_S);
    }
    for (const connections of CONNECTIONS) {
      /** @type {Map<string, { ratios: number[], cpu: number[], perSecond: number[] }>} */
      const figures = new Map(measured.map((server) => [server.name, { ratios: [], cpu: [], perSecond: [] }]));
      for (let round = 0; round < ROUNDS; round++) {
        const results = [];
        for (const server of measured) {
          results.push([server.name, await measure(server, scenario, connections)]);
        }
        const bareRate = results[0][1].perSecond;
        for (const [name, result] of results) {
          const entry = figures.get(name);
          entry?.ratios.push(result.perSecond / bareRate);
          entry?.cpu.push(result.cpu);
          entry?.perSecond.push(result.perSecond);
        }
      }
      for (const [name, { ratios, cpu, perSecond }] of figures) {
        table.push({
          request: scenario.label,
          connections,
          server: name,
          'req/s': Math.round(median(perSecond)),
          '÷ bare': `${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`,
          'CPU µs/req': Math.round(median(cpu)),
        });
      }
    }
  }
  process.stdout.write(
    `\nThe floor: ${ROUNDS} rounds of ${DURATION_S} s per cell, servers taking turns; ÷ bare per round (median, range), CPU µs per request of the server process (median)\n`,
  );
  // biome-ignore lint/suspicious/noConsole: the benchmark's output is this table.
  console.table(table);
} finally {
  await Promise.all(servers.map((server) => stopServer(server, { killAfterMs: 5000 })));
  await postgres?.stop();
  rmSync(temp, { recursive: true, force: true });
}
