#!/usr/bin/env node
// Read-cache-miss benchmark of the sandbox on SQLite (its usage, below, says what it measures).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCommandLine } from '../../../tools/dev/command-line.mjs';

readCommandLine({
  command: 'cache-miss.mjs',
  usage: `usage: node bench/cache-miss.mjs   (in packages/sandbox; pnpm --filter @svc/sandbox bench:cache-miss)

Reads the SQLite read cache cannot answer (after a build). The load benchmark's read asks for the
same token again and again, which the read cache answers; every first read of a token, and every
read of a table written since, runs its statements. One sandbox in this process on a SQLite file
in a temporary directory (Items removed after each round), requests through \`inject\` (no socket), one at a time:
  first reads   CACHE_MISS_ITEMS (default 200) Items made up front, then one /auth/get per access
                token: each reads its token, Item and accounts for the first time;
  after writes  /item/webhook/update of the canonical Item (a write to its row), then /auth/get
                of its token, which reads that row again; only the read is timed.
A round not counted warms up; each of CACHE_MISS_ROUNDS rounds (default 5) makes its own Items; prints, per scenario, the median
over rounds of the CPU µs (process.cpuUsage) and wall µs per timed request. No thresholds.
  -h, --help   show this help`,
});
// What needs a build is imported once the command line is read, so that --help needs none.
const { silentLogger, startSandbox } = await import('../dist/index.js');
const { median } = await import('./bench-median.mjs');
const { example, jsonHeaders } = await import('./bench-requests.mjs');

const ITEMS = Number(process.env.CACHE_MISS_ITEMS ?? 200);
const ROUNDS = Number(process.env.CACHE_MISS_ROUNDS ?? 5);

/** Writes one line of the report. */
const print = (line) => process.stdout.write(`${line}\n`);

async function call(sandbox, url, body) {
  const response = await sandbox.inject({ method: 'POST', url, headers: jsonHeaders, body });
  if (response.status !== 200) {
    throw new Error(`${url} answered ${response.status}: ${response.body}`);
  }
  return response.json();
}

/** CPU and wall µs per call of the requests `timed` makes (`timed` returns how many it made). */
async function measure(timed) {
  let cpu = 0;
  let wall = 0;
  let count = 0;
  const time = async (request) => {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await request();
    wall += (performance.now() - started) * 1000;
    const used = process.cpuUsage(cpuBefore);
    cpu += used.user + used.system;
    count++;
  };
  await timed(time);
  return { cpu: cpu / count, wall: wall / count };
}

/** Access tokens of `count` new Items. */
async function newAccessTokens(sandbox, count) {
  const tokens = [];
  for (let i = 0; i < count; i++) {
    const { public_token } = await call(
      sandbox,
      '/sandbox/public_token/create',
      example('/sandbox/public_token/create'),
    );
    const { access_token } = await call(sandbox, '/item/public_token/exchange', { public_token });
    tokens.push(access_token);
  }
  return tokens;
}

/** Removes the Items of `tokens` (a client may have 500 live Items at most). */
async function removeItems(sandbox, tokens) {
  for (const access_token of tokens) {
    await call(sandbox, '/item/remove', { access_token });
  }
}

const firstReads = (sandbox, tokens) =>
  measure(async (time) => {
    for (const access_token of tokens) {
      await time(() => call(sandbox, '/auth/get', { access_token }));
    }
  });

const readsAfterWrites = (sandbox, count) =>
  measure(async (time) => {
    const read = example('/auth/get');
    const update = example('/item/webhook/update');
    for (let i = 0; i < count; i++) {
      await call(sandbox, '/item/webhook/update', { ...update, webhook: `${update.webhook}/${i}` });
      await time(() => call(sandbox, '/auth/get', read));
    }
  });

const temp = mkdtempSync(join(tmpdir(), 'svc-sandbox-cache-miss-'));
const sandbox = await startSandbox({
  port: 0,
  store: { kind: 'sqlite', dataDir: temp },
  logger: silentLogger,
  rateLimit: null,
  retention: null,
});
try {
  const results = { 'first reads': [], 'after writes': [] };
  // Warm up (a round not counted): the statements prepared, the code compiled.
  const warmUp = await newAccessTokens(sandbox, ITEMS);
  await firstReads(sandbox, warmUp);
  await removeItems(sandbox, warmUp);
  await readsAfterWrites(sandbox, ITEMS);
  for (let round = 0; round < ROUNDS; round++) {
    const tokens = await newAccessTokens(sandbox, ITEMS);
    results['first reads'].push(await firstReads(sandbox, tokens));
    await removeItems(sandbox, tokens);
    results['after writes'].push(await readsAfterWrites(sandbox, ITEMS));
  }
  print(`SQLite, ${ROUNDS} rounds of ${ITEMS} timed requests per scenario (medians of rounds):`);
  for (const [name, rounds] of Object.entries(results)) {
    const cpu = median(rounds.map((round) => round.cpu));
    const wall = median(rounds.map((round) => round.wall));
    print(
      `  /auth/get, ${name.padEnd(12)}  CPU ${cpu.toFixed(0).padStart(5)} µs  wall ${wall.toFixed(0).padStart(5)} µs per request  (rounds' CPU: ${rounds.map((round) => round.cpu.toFixed(0)).join(', ')})`,
    );
  }
} finally {
  await sandbox.stop();
  rmSync(temp, { recursive: true, force: true });
}
