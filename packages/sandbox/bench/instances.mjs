#!/usr/bin/env node
// Two sandbox instances on one PostgreSQL against one, with CPU to spare (its usage, below, says
// more).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitWithUsageError, readCommandLine } from '../../../tools/dev/command-line.mjs';

const USAGE = `usage: node bench/instances.mjs   (in packages/sandbox, after a build; pnpm --filter @svc/sandbox bench:instances)

Does a second sandbox instance on the same PostgreSQL add throughput when there is CPU to spare?
On a machine with few cores the load benchmark cannot tell: one instance, PostgreSQL and the load
generator already share every core, so a second instance only takes turns with the first. This
benchmark gives the spare CPU by capping each instance instead: each runs in a cgroup of its own
whose CPU quota is INSTANCES_CPU_SHARE (default 0.3) of one core, the way a container's CPU limit
works, so one instance at its cap, PostgreSQL and the load generator leave CPU unused, and a
second instance (another share of a core) can use it. Then, for the read (POST /auth/get) and the
write (POST /transfer/authorization/create then /transfer/create, a pair counted as two
requests), it measures one instance with INSTANCES_CONNECTIONS connections (default 50) and two
instances with half each, taking turns, BENCH_ROUNDS times (default 3) of BENCH_DURATION_S
seconds (default 5), and prints requests per second, two ÷ one, and the cores each part used
(instances, PostgreSQL, this process: the load generator), which show whether CPU was to spare.
The instances run with bench/pg-probe.mjs preloaded: for the write it prints the event counter's
increment against the other statements (the excess is the wait for the counter row's lock, which
every transfer's event takes).

Needs Linux with the cgroup v1 CPU controller writable (/sys/fs/cgroup/cpu, as root); elsewhere it
says so and exits 2. Starts an embedded PostgreSQL; traffic only to loopback; prints, asserts
nothing.
  -h, --help   show this help`;

readCommandLine({ command: 'instances.mjs', usage: USAGE });
const { capCpu, cpuCapUnavailable, cpuMicros, postgresCpuMicros } = await import('./bench-cpu.mjs');
const unavailable = cpuCapUnavailable();
if (unavailable) {
  exitWithUsageError(
    'instances.mjs',
    `cannot cap the instances' CPU here (${unavailable})`,
    'run it as root on Linux with the cgroup v1 CPU controller mounted; node bench/instances.mjs --help says more',
  );
}
const { median } = await import('./bench-median.mjs');
const { startBenchPostgres } = await import('./bench-postgres.mjs');
const { readScenario, writeScenario } = await import('./bench-scenarios.mjs');
const { askProbe, spawnServer, stopServer } = await import('./bench-servers.mjs');

const SHARE = Number(process.env.INSTANCES_CPU_SHARE ?? 0.3);
const CONNECTIONS = Number(process.env.INSTANCES_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
if (!(SHARE > 0 && SHARE <= 1) || !(CONNECTIONS >= 2) || !(ROUNDS >= 1) || !(DURATION_S > 0)) {
  exitWithUsageError(
    'instances.mjs',
    'INSTANCES_CPU_SHARE must be in (0, 1], INSTANCES_CONNECTIONS at least 2, BENCH_ROUNDS at least 1 and BENCH_DURATION_S above 0',
    'node bench/instances.mjs --help says more',
  );
}
const SANDBOX_BIN = fileURLToPath(new URL('../bin/svc-sandbox.js', import.meta.url));

/**
 * One measurement of `scenario` on `servers` (the connections split evenly): requests per second,
 * and the cores used meanwhile by the instances, by PostgreSQL and by this process.
 */
async function measure(servers, scenario, durationS, pgDataDir) {
  const nodeBefore = servers.reduce((total, server) => total + cpuMicros(server.child.pid), 0);
  const pgBefore = postgresCpuMicros(pgDataDir);
  const probeBefore = await Promise.all(servers.map((server) => askProbe(server, 'read', 'totals')));
  const ownBefore = process.cpuUsage();
  const started = performance.now();
  const results = await Promise.all(
    servers.map((server) => scenario(server.url, Math.round(CONNECTIONS / servers.length), durationS)),
  );
  const wallMicros = (performance.now() - started) * 1000;
  const own = process.cpuUsage(ownBefore);
  const nodeAfter = servers.reduce((total, server) => total + cpuMicros(server.child.pid), 0);
  const pgAfter = postgresCpuMicros(pgDataDir);
  const probeAfter = await Promise.all(servers.map((server) => askProbe(server, 'read', 'totals')));
  const probe = (key) =>
    probeAfter.reduce((total, after, index) => total + after.totals[key] - probeBefore[index].totals[key], 0);
  return {
    requestsPerSecond: results.reduce((total, result) => total + result.requests.average, 0),
    failed: results.reduce((total, result) => total + result.non2xx + result.errors + result.timeouts, 0),
    instanceCores: (nodeAfter - nodeBefore) / wallMicros,
    postgresCores: (pgAfter - pgBefore) / wallMicros,
    loadCores: (own.user + own.system) / wallMicros,
    counterMs: probe('counterMicros') / Math.max(1, probe('counterIncrements')) / 1000,
    otherMs: probe('otherMicros') / Math.max(1, probe('otherStatements')) / 1000,
  };
}

async function main() {
  const temp = mkdtempSync(join(tmpdir(), 'svc-sandbox-instances-'));
  chmodSync(temp, 0o777); // embedded PostgreSQL runs as another user when started as root
  const postgres = await startBenchPostgres(temp);
  const pgDataDir = join(temp, 'pg');
  const args = [SANDBOX_BIN, '--port', '0', '--database-url', postgres.url, '--quiet', '--rate-limit', 'off'];
  const servers = [];
  const uncaps = [];
  try {
    servers.push(await spawnServer('sandbox (PostgreSQL) #1', args, { probe: true }));
    servers.push(await spawnServer('sandbox (PostgreSQL) #2', args, { probe: true }));
    servers.forEach((server, index) => {
      uncaps.push(capCpu(server.child.pid, SHARE, `instance-${index + 1}`));
    });
    const scenarios = [
      { name: 'read /auth/get', run: readScenario },
      { name: 'write authorize+create', run: writeScenario },
    ];
    const rows = [];
    const lines = [];
    for (const scenario of scenarios) {
      if (WARMUP_S > 0) {
        await measure(servers, scenario.run, WARMUP_S, pgDataDir);
      }
      const one = [];
      const two = [];
      for (let round = 1; round <= ROUNDS; round++) {
        one.push(await measure(servers.slice(0, 1), scenario.run, DURATION_S, pgDataDir));
        two.push(await measure(servers, scenario.run, DURATION_S, pgDataDir));
        process.stderr.write(`${scenario.name}: round ${round} of ${ROUNDS}\n`);
      }
      for (const [instances, runs] of [
        [1, one],
        [2, two],
      ]) {
        const pick = (key, digits) => Number(median(runs.map((run) => run[key])).toFixed(digits));
        rows.push({
          scenario: scenario.name,
          instances,
          'req/s': Math.round(median(runs.map((run) => run.requestsPerSecond))),
          'instances cores': pick('instanceCores', 2),
          'PostgreSQL cores': pick('postgresCores', 2),
          'load generator cores': pick('loadCores', 2),
          'counter increment ms': scenario.run === writeScenario ? pick('counterMs', 2) : '',
          'other statement ms': scenario.run === writeScenario ? pick('otherMs', 2) : '',
          'not 2xx': runs.reduce((total, run) => total + run.failed, 0),
        });
      }
      const ratios = one.map((run, index) => two[index].requestsPerSecond / run.requestsPerSecond);
      lines.push(
        `${scenario.name}: two instances ÷ one = ${median(ratios).toFixed(2)}x (rounds: ${ratios
          .map((ratio) => ratio.toFixed(2))
          .join(', ')})`,
      );
    }
    process.stdout.write(
      `\nTwo sandbox instances on one PostgreSQL against one: node ${process.version}, ${cpus().length} cores, ` +
        `each instance capped at ${SHARE} of a core, ${CONNECTIONS} connections in all, ` +
        `median of ${ROUNDS} rounds of ${DURATION_S} s\n`,
    );
    // biome-ignore lint/suspicious/noConsole: the benchmark's output is this table.
    console.table(rows);
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    for (const uncap of uncaps) {
      uncap();
    }
    await Promise.all(servers.map((server) => stopServer(server)));
    await postgres.stop();
    rmSync(temp, { recursive: true, force: true });
  }
}

await main();
