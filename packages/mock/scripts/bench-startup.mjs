#!/usr/bin/env node
// Start-up benchmark of the mock: spawn → first 200 of the built svc-mock, with a breakdown (its
// usage, below, says more).
import { spawn } from 'node:child_process';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { readCommandLine } from '../../../tools/dev/command-line.mjs';

const { values } = readCommandLine({
  command: 'bench-startup.mjs',
  usage: `usage: node scripts/bench-startup.mjs [--bin <bin/svc-mock.js>]... [--runs <n>]   (pnpm --filter @svc/mock bench:startup builds first)

Start-up benchmark of the mock: spawns the built svc-mock command as a user would
(node bin/svc-mock.js --port <free port> --quiet), sends the example request of POST /auth/get
every 5 ms until one is answered with 200, and prints the time from spawn to that answer: median,
min and max. Each plain run is followed by one with scripts/startup-marks.mjs preloaded, which gives
the breakdown: Node's own start, importing the mock's modules, loading Prism, reading the
operations, setting up the engine and routes, listening, and the first answer.
  --bin <file>   a build to measure (default this package's bin/svc-mock.js); repeated: the builds
                 are measured in alternation (A/B), so the load of a shared machine falls on all alike
  --runs <n>     runs per build (default BENCH_STARTUP_RUNS, else 7)
  -h, --help     show this help`,
  options: {
    bin: { type: 'string', multiple: true, default: [fileURLToPath(new URL('../bin/svc-mock.js', import.meta.url))] },
    runs: { type: 'string', default: process.env.BENCH_STARTUP_RUNS ?? '7' },
  },
});
// What needs a build is imported once the command line is read, so that --help needs none.
const { EXAMPLE_CREDENTIALS } = await import('@svc/spec/examples');
const { HEADER_NAMES } = await import('@svc/spec/headers');
const { freePort } = await import('../dist/index.js');
const RUNS = Number(values.runs);
const MARKS = fileURLToPath(new URL('./startup-marks.mjs', import.meta.url));
const POLL_MS = 5;
const TIMEOUT_MS = 60_000;
const BODY = JSON.stringify({ access_token: 'access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6' });
const HEADERS = {
  'content-type': 'application/json',
  [HEADER_NAMES.clientId]: EXAMPLE_CREDENTIALS.clientId,
  [HEADER_NAMES.secret]: EXAMPLE_CREDENTIALS.secret,
};

/** Phases of the breakdown: [label, from mark, to mark]; `spawned` is the spawn in this process. */
const PHASES = [
  ['process spawn → Node running', 'spawned', 'timeOrigin'],
  ['Node start-up', 'timeOrigin', 'preloaded'],
  ['import the mock (server-kit, …)', 'preloaded', 'start'],
  ['load Prism (prism-http)', 'start', 'prism-loaded'],
  ['read spec + operations', 'prism-loaded', 'operations-read'],
  ['engine + routes', 'operations-read', 'engine-ready'],
  ['listen', 'engine-ready', 'listening'],
  ['→ first answer sent', 'listening', 'answered'],
];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One run: spawn → first 200. Returns the milliseconds and, when preloaded, the child's marks. */
async function run(bin, withMarks) {
  const port = await freePort();
  const args = [...(withMarks ? ['--import', MARKS] : []), bin, '--port', String(port), '--quiet'];
  const spawnedAt = performance.timeOrigin + performance.now();
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk.toString();
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) {
        throw new Error(`${bin} exited with ${child.exitCode}:\n${stderr}`);
      }
      if (performance.now() - started > TIMEOUT_MS) {
        throw new Error(`${bin} did not answer within ${TIMEOUT_MS} ms:\n${stderr}`);
      }
      const reply = await fetch(`http://127.0.0.1:${port}/auth/get`, {
        method: 'POST',
        headers: HEADERS,
        body: BODY,
      }).then(
        async (response) => ({ status: response.status, text: await response.text() }),
        () => undefined,
      );
      if (reply) {
        const ms = performance.now() - started;
        if (reply.status !== 200) {
          throw new Error(`${bin} answered ${reply.status}: ${reply.text}`);
        }
        if (!withMarks) {
          return { ms };
        }
        // The marks line is written when the answer is sent; give the pipe a moment.
        for (let wait = 0; wait < 100 && !stderr.includes('svc-mock-startup '); wait++) {
          await sleep(POLL_MS);
        }
        const line = /svc-mock-startup (\{.*\})/.exec(stderr)?.[1];
        const marks = line ? JSON.parse(line) : undefined;
        return { ms, marks: marks && { ...marks, spawned: spawnedAt - marks.timeOrigin, timeOrigin: 0 } };
      }
      await sleep(POLL_MS);
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const stats = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1] };
};
const ms = (value) => `${Math.round(value)} ms`.padStart(8);

process.stdout.write(
  `node ${process.version}, ${availableParallelism()} CPUs (${cpus()[0]?.model ?? 'unknown'}), ` +
    `load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}; ${RUNS} runs per build\n`,
);
const results = values.bin.map((bin) => ({ bin, plain: [], marked: [] }));
for (let index = 0; index < RUNS; index++) {
  for (const result of results) {
    result.plain.push((await run(result.bin, false)).ms);
    result.marked.push(await run(result.bin, true));
  }
}
for (const { bin, plain, marked } of results) {
  const total = stats(plain);
  process.stdout.write(
    `\n${bin}\n  spawn → first 200 (plain runs): median ${Math.round(total.median)} ms, ` +
      `min ${Math.round(total.min)} ms, max ${Math.round(total.max)} ms  [${plain.map((v) => Math.round(v)).join(', ')}]\n`,
  );
  const reported = marked.filter((entry) => entry.marks !== undefined);
  if (reported.length === 0) {
    process.stdout.write('  (the preloaded runs reported nothing)\n');
    continue;
  }
  const instrumented = stats(reported.map((entry) => entry.ms));
  const cpu = stats(reported.map((entry) => entry.marks.cpu));
  process.stdout.write(
    `  ${reported.length} runs with the marks preloaded: spawn → first 200 median ${Math.round(instrumented.median)} ms; ` +
      `CPU time of the mock until its first answer (less sensitive to a busy machine) median ${Math.round(cpu.median)} ms, ` +
      `min ${Math.round(cpu.min)} ms, max ${Math.round(cpu.max)} ms\n`,
  );
  const phases = PHASES.filter(([, from, to]) => reported.every(({ marks }) => from in marks && to in marks));
  if (phases.length < PHASES.length) {
    process.stdout.write('  (this build leaves no svc-mock:* marks: no breakdown of startMock)\n');
  }
  process.stdout.write('  wall time per phase, median / min / max:\n');
  for (const [label, from, to] of phases) {
    const phase = stats(reported.map(({ marks }) => marks[to] - marks[from]));
    process.stdout.write(`    ${label.padEnd(34)}${ms(phase.median)}${ms(phase.min)}${ms(phase.max)}\n`);
  }
}
