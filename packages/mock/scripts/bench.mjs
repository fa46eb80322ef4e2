#!/usr/bin/env node
// Benchmark of the mock against a bare node:http server (its usage, below, says what it measures
// and how long).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCommandLine } from '../../../tools/dev/command-line.mjs';

const DEFAULT_BIN = fileURLToPath(new URL('../bin/svc-mock.js', import.meta.url));
const { values } = readCommandLine({
  command: 'bench.mjs',
  usage: `usage: node scripts/bench.mjs [--bin <bin/svc-mock.js>]...   (pnpm --filter @svc/mock bench builds it and what it uses first)

Benchmark of the mock beside a bare node:http server, on 127.0.0.1, each its own process: the
start-up time of svc-mock (launch → first 200, three runs), then for each request kind (a read,
POST /auth/get, and a write, POST /transfer/create, each with the spec's first request example)
and each connection count, autocannon against the mock (svc-mock --quiet) and against a bare
node:http server (scripts/bare-server.mjs) that JSON-parses the request and answers the very JSON
the mock answered. Printed per cell: requests per second, that ÷ the bare server's in the same
round, CPU µs per request (utime + stime of the server process from /proc/<pid>/stat over the
measurement, divided by the requests it answered), p50/p99 latency. Each cell is measured in
BENCH_ROUNDS rounds (default 3), the servers taking turns within a round so that a noisy moment of
a shared machine hits one round rather than one server; the table gives the median of the rounds
and their range. Any answer but 200 fails the benchmark. Environment:
  BENCH_DURATION_S     seconds per measurement (default 5)
  BENCH_ROUNDS         rounds per cell (default 3)
  BENCH_WARMUP_S       seconds of warm-up per server and request kind (default 2)
  BENCH_CONNECTIONS    connection counts, comma-separated (default 10,50)
  BENCH_MOCK_LOG       json: the mock logs a JSON line per request to a pipe the benchmark drains
                       (as a user runs it) instead of running with --quiet
  --bin <file>   a build of the mock to measure (default this package's bin/svc-mock.js); repeated:
                 each build is a server of its own in every round (before/after in one run)
  -h, --help     show this help`,
  options: { bin: { type: 'string', multiple: true, default: [DEFAULT_BIN] } },
});
// What needs a build is imported once the command line is read, so that --help needs none.
const { BENCH_HEADERS: headers, BENCH_KINDS: KINDS } = await import('./bench-requests.mjs');
const { default: autocannon } = await import('autocannon');

const BARE = fileURLToPath(new URL('./bare-server.mjs', import.meta.url));
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);
const STARTUP_RUNS = 3;
const MOCK_LOG_ARGS = process.env.BENCH_MOCK_LOG === 'json' ? ['--log-format', 'json'] : ['--quiet'];
/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const CLOCK_TICKS_PER_S = 100;

/** Spawns a server script and resolves with its URL once it prints `listening on <url>`. */
function spawnServer(name, args) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no URL within 30 s from ${args.join(' ')}:\n${output}`));
    }, 30_000);
    child.stdout.on('data', (chunk) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout.removeAllListeners('data');
        child.stdout.resume();
        resolve({ name, child, url: match[1] });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited with ${code}:\n${output}`));
    });
  });
}

function stopServer(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve();
      return;
    }
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** CPU time (user + system) of a process so far, in µs. */
function cpuMicros(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_S) * 1e6;
}

async function post(url, kind) {
  const response = await fetch(`${url}${kind.path}`, { method: 'POST', headers, body: kind.body });
  return { status: response.status, text: await response.text() };
}

/** Launch → first 200 of a svc-mock build; returns the milliseconds and the running server. */
async function measureStartup(name, bin) {
  const started = performance.now();
  const server = await spawnServer(name, [bin, '--port', '0', ...MOCK_LOG_ARGS]);
  const reply = await post(server.url, KINDS[0]);
  if (reply.status !== 200) {
    throw new Error(`${name} answered ${reply.status}: ${reply.text}`);
  }
  return { ms: performance.now() - started, server };
}

function load(url, kind, connections, duration) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${url}${kind.path}`,
        method: 'POST',
        headers,
        body: kind.body,
        connections,
        duration,
        timeout: 10,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    // Hard stop, whatever happens: the run is bounded in time.
    setTimeout(() => instance.stop(), (duration + 5) * 1000).unref();
  });
}

/** One measurement of a server: autocannon for DURATION_S, with the server's CPU over it. */
async function measure(server, kind, connections) {
  const before = cpuMicros(server.child.pid);
  const result = await load(server.url, kind, connections, DURATION_S);
  const cpu = cpuMicros(server.child.pid) - before;
  const answered = result.requests.total;
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0 || answered === 0) {
    throw new Error(
      `${server.name} on ${kind.path}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts of ${answered}`,
    );
  }
  return {
    rps: result.requests.average,
    cpuPerRequest: cpu / answered,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

const median = (numbers) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const range = (numbers, digits) =>
  numbers.length < 2 ? '' : ` (${Math.min(...numbers).toFixed(digits)}–${Math.max(...numbers).toFixed(digits)})`;

/** Rows of objects as an aligned text table. */
function formatTable(rows) {
  const columns = Object.keys(rows[0] ?? {});
  const cells = [columns, ...rows.map((row) => columns.map((column) => String(row[column])))];
  const widths = columns.map((_, index) => Math.max(...cells.map((line) => line[index].length)));
  return `${cells.map((line) => line.map((cell, index) => cell.padEnd(widths[index])).join('  ')).join('\n')}\n`;
}

const work = mkdtempSync(join(tmpdir(), 'svc-mock-bench-'));
const children = [];
try {
  process.stdout.write(
    `node ${process.version}, ${availableParallelism()} CPUs (${cpus()[0]?.model ?? 'unknown'}), ` +
      `load average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}\n` +
      KINDS.map((kind) => `${kind.label}: POST ${kind.path} (${kind.body.length}-byte request)`).join('; ') +
      '\n\n',
  );
  const names = values.bin.map((bin, index) =>
    values.bin.length === 1 ? 'svc-mock' : `svc-mock #${index + 1} (${bin})`,
  );
  /** The mocks, each started STARTUP_RUNS times (the builds alternating); the last start serves. */
  const mocks = [];
  const startups = values.bin.map(() => []);
  for (let run = 0; run < STARTUP_RUNS; run++) {
    for (const [index, bin] of values.bin.entries()) {
      const measured = await measureStartup(names[index], bin);
      startups[index].push(measured.ms);
      if (run < STARTUP_RUNS - 1) {
        await stopServer(measured.server.child);
      } else {
        mocks.push(measured.server);
        children.push(measured.server.child);
      }
    }
  }
  for (const [index, name] of names.entries()) {
    process.stdout.write(
      `${name} start-up (launch → first 200), ${STARTUP_RUNS} runs: ` +
        `${startups[index].map((ms) => `${Math.round(ms)} ms`).join(', ')} (median ${Math.round(median(startups[index]))} ms)\n`,
    );
  }

  // The bare server answers each path with what the (first) mock answered to its example.
  const pairs = [];
  for (const kind of KINDS) {
    const reply = await post(mocks[0].url, kind);
    if (reply.status !== 200) {
      throw new Error(`the mock answered ${reply.status} to ${kind.path}: ${reply.text}`);
    }
    const file = join(work, `${kind.operationId}.json`);
    writeFileSync(file, reply.text);
    pairs.push(`${kind.path}=${file}`);
    kind.answerBytes = reply.text.length;
  }
  const bare = await spawnServer('bare node:http', [BARE, ...pairs]);
  children.push(bare.child);
  const servers = [...mocks, bare];

  process.stdout.write(
    `\nload: ${DURATION_S} s per measurement, ${ROUNDS} rounds (servers alternating within a round) after ` +
      `${WARMUP_S} s of warm-up; medians of the rounds, (min–max) of the rounds where they differ\n`,
  );
  for (const kind of KINDS) {
    for (const server of servers) {
      await load(server.url, kind, CONNECTIONS[0], WARMUP_S);
    }
  }
  /** results[kind][connections][server] = one measurement per round */
  const results = new Map();
  for (let round = 0; round < ROUNDS; round++) {
    for (const kind of KINDS) {
      for (const connections of CONNECTIONS) {
        // Alternate the order from round to round too.
        const order = round % 2 === 0 ? servers : [...servers].reverse();
        for (const server of order) {
          const key = `${kind.label}|${connections}|${server.name}`;
          const measured = await measure(server, kind, connections);
          results.set(key, [...(results.get(key) ?? []), measured]);
        }
      }
    }
  }
  const rows = [];
  for (const kind of KINDS) {
    for (const connections of CONNECTIONS) {
      const bareRuns = results.get(`${kind.label}|${connections}|${bare.name}`);
      for (const server of servers) {
        const runs = results.get(`${kind.label}|${connections}|${server.name}`);
        const ratios = runs.map((run, index) => run.rps / bareRuns[index].rps);
        const cpu = runs.map((run) => run.cpuPerRequest);
        rows.push({
          kind: `${kind.label} ${kind.path}`,
          connections,
          server: server.name,
          'req/s': Math.round(median(runs.map((run) => run.rps))),
          '÷ bare': `${median(ratios).toFixed(2)}${range(ratios, 2)}`,
          'CPU µs/req': `${Math.round(median(cpu))}${range(cpu, 0)}`,
          'p50 / p99 ms': `${median(runs.map((run) => run.p50))} / ${median(runs.map((run) => run.p99))}`,
        });
      }
    }
  }
  process.stdout.write(formatTable(rows));
  process.stdout.write(
    `(÷ bare: the mock's requests per second over the bare server's in the same round; CPU: the server process's, ` +
      `from /proc, at ${1e6 / CLOCK_TICKS_PER_S} µs resolution over a measurement; autocannon's latencies are whole ms)\n`,
  );
} finally {
  await Promise.all(children.map(stopServer));
  rmSync(work, { recursive: true, force: true });
}
