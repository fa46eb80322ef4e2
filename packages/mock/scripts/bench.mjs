#!/usr/bin/env node
// Benchmark of the mock against a bare node:http server (its usage, below, says what it measures
// and how long).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCommandLine } from '../../../tools/dev/command-line.mjs';

readCommandLine({
  command: 'bench.mjs',
  usage: `usage: node scripts/bench.mjs   (pnpm --filter @svc/mock bench builds first)

Benchmark of the mock: start-up time of the svc-mock command (launch → first 200), then requests
per second and p50/p99 latency of POST /auth/get with its example request, side by side with a
bare node:http server returning the same JSON, on 127.0.0.1. Environment:
  BENCH_DURATION_S     seconds per measurement (default 5)
  BENCH_MAX_REQUESTS   most requests per measurement (default 200000)
  BENCH_CONNECTIONS    concurrent connections of autocannon (default 10), plus one sequential client
  -h, --help   show this help`,
});
// What needs a build is imported once the command line is read, so that --help needs none.
const { listOperations, requestExamples } = await import('@svc/openapi-kit');
const { openapiJsonPath } = await import('@svc/spec');
const { EXAMPLE_CREDENTIALS } = await import('@svc/spec/examples');
const { HEADER_NAMES } = await import('@svc/spec/headers');
const { default: autocannon } = await import('autocannon');

const BIN = fileURLToPath(new URL('../bin/svc-mock.js', import.meta.url));
const BARE = fileURLToPath(new URL('./bare-server.mjs', import.meta.url));
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const MAX_REQUESTS = Number(process.env.BENCH_MAX_REQUESTS ?? 200_000);
const STARTUP_RUNS = 3;
const OPERATION = 'authGet';

const document = JSON.parse(readFileSync(openapiJsonPath, 'utf8'));
const entry = listOperations(document).find((operation) => operation.operationId === OPERATION);
const example = entry && requestExamples(document, entry)[0];
if (!entry || !example) {
  throw new Error(`${OPERATION} or its request example is missing from the spec`);
}
const requestBody = JSON.stringify(example.value);
const headers = {
  'content-type': 'application/json',
  [HEADER_NAMES.clientId]: EXAMPLE_CREDENTIALS.clientId,
  [HEADER_NAMES.secret]: EXAMPLE_CREDENTIALS.secret,
};

/** Spawns a server script and resolves with its URL once it prints `listening on <url>`. */
function spawnServer(args) {
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
        resolve({ child, url: match[1] });
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

async function post(url) {
  const response = await fetch(`${url}${entry.path}`, { method: 'POST', headers, body: requestBody });
  return { status: response.status, text: await response.text() };
}

/** Launch → first 200 of the svc-mock command; returns the milliseconds and the running server. */
async function measureStartup() {
  const started = performance.now();
  const server = await spawnServer([BIN, '--port', '0', '--quiet']);
  const reply = await post(server.url);
  if (reply.status !== 200) {
    throw new Error(`the mock answered ${reply.status}: ${reply.text}`);
  }
  return { ms: performance.now() - started, server };
}

function load(url, connections, duration) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${url}${entry.path}`,
        method: 'POST',
        headers,
        body: requestBody,
        connections,
        duration,
        maxOverallRequests: MAX_REQUESTS,
        timeout: 10,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    // Hard stop, whatever happens: the run is bounded in time.
    setTimeout(() => instance.stop(), (duration + 5) * 1000).unref();
  });
}

/**
 * One client sending requests back to back on a kept-alive connection, timed with
 * performance.now() (autocannon records whole milliseconds, too coarse below 1 ms).
 */
async function sequential(url, seconds) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const target = new URL(`${url}${entry.path}`);
  const once = () =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const req = request(target, { method: 'POST', headers, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ ms: performance.now() - started, status: res.statusCode }));
      });
      req.on('error', reject);
      req.end(requestBody);
    });
  const durations = [];
  let non2xx = 0;
  const deadline = performance.now() + seconds * 1000;
  const began = performance.now();
  while (performance.now() < deadline && durations.length < MAX_REQUESTS) {
    const { ms, status } = await once();
    durations.push(ms);
    if (status < 200 || status > 299) {
      non2xx++;
    }
  }
  const elapsed = (performance.now() - began) / 1000;
  agent.destroy();
  durations.sort((a, b) => a - b);
  const at = (q) => durations[Math.min(durations.length - 1, Math.floor(q * durations.length))];
  return {
    requests: durations.length,
    rps: durations.length / elapsed,
    mean: durations.reduce((sum, ms) => sum + ms, 0) / durations.length,
    p50: at(0.5),
    p99: at(0.99),
    non2xx,
    errors: 0,
  };
}

async function measureLoad(name, url) {
  await load(url, CONNECTIONS, 1); // warm-up (JIT, schema compilation)
  const concurrent = await load(url, CONNECTIONS, DURATION_S);
  const single = await sequential(url, DURATION_S);
  return [
    {
      server: name,
      client: `autocannon, ${CONNECTIONS} connections`,
      requests: concurrent.requests.total,
      'req/s': Math.round(concurrent.requests.average),
      'mean ms': concurrent.latency.average.toFixed(2),
      'p50 ms': String(concurrent.latency.p50),
      'p99 ms': String(concurrent.latency.p99),
      'non-2xx': concurrent.non2xx,
      errors: concurrent.errors + concurrent.timeouts,
    },
    {
      server: name,
      client: 'sequential, 1 connection',
      requests: single.requests,
      'req/s': Math.round(single.rps),
      'mean ms': single.mean.toFixed(2),
      'p50 ms': single.p50.toFixed(2),
      'p99 ms': single.p99.toFixed(2),
      'non-2xx': single.non2xx,
      errors: single.errors,
    },
  ];
}

/** Rows of objects as an aligned text table (latencies are whole milliseconds, as autocannon records them). */
function formatTable(rows) {
  const columns = Object.keys(rows[0] ?? {});
  const cells = [columns, ...rows.map((row) => columns.map((column) => String(row[column])))];
  const widths = columns.map((_, index) => Math.max(...cells.map((line) => line[index].length)));
  return `${cells.map((line) => line.map((cell, index) => cell.padEnd(widths[index])).join('  ')).join('\n')}\n`;
}

const work = mkdtempSync(join(tmpdir(), 'svc-mock-bench-'));
const servers = [];
try {
  process.stdout.write(
    `node ${process.version}, ${availableParallelism()} CPUs (${cpus()[0]?.model ?? 'unknown'}); ` +
      `operation ${OPERATION} (POST ${entry.path}, ${requestBody.length}-byte request)\n\n`,
  );
  const startups = [];
  let mock;
  for (let run = 0; run < STARTUP_RUNS; run++) {
    const measured = await measureStartup();
    startups.push(measured.ms);
    if (run < STARTUP_RUNS - 1) {
      await stopServer(measured.server.child);
    } else {
      mock = measured.server;
      servers.push(mock.child);
    }
  }
  const sorted = [...startups].sort((a, b) => a - b);
  process.stdout.write(
    `svc-mock startup (launch → first 200), ${STARTUP_RUNS} runs: ${startups.map((ms) => `${Math.round(ms)} ms`).join(', ')}` +
      ` (median ${Math.round(sorted[Math.floor(sorted.length / 2)])} ms)\n\n`,
  );

  const reply = await post(mock.url);
  const bodyFile = join(work, 'body.json');
  writeFileSync(bodyFile, reply.text);
  const bare = await spawnServer([BARE, bodyFile]);
  servers.push(bare.child);
  const bareReply = await post(bare.url);
  if (bareReply.text !== reply.text) {
    throw new Error('the bare server does not return the same JSON as the mock');
  }

  process.stdout.write(
    `load: ${DURATION_S} s per row (at most ${MAX_REQUESTS} requests), same ${reply.text.length}-byte JSON answer\n`,
  );
  const rows = [...(await measureLoad('svc-mock', mock.url)), ...(await measureLoad('bare node:http', bare.url))];
  process.stdout.write(formatTable(rows));
  const ratio = (index) => (rows[index + 2]['req/s'] / rows[index]['req/s']).toFixed(1);
  process.stdout.write(
    `bare:mock throughput ratio: ${ratio(0)}x at ${CONNECTIONS} connections, ${ratio(1)}x sequential ` +
      '(autocannon latencies are whole milliseconds; the sequential ones are timed to 0.01 ms)\n',
  );
} finally {
  await Promise.all(servers.map(stopServer));
  rmSync(work, { recursive: true, force: true });
}
