#!/usr/bin/env node
// Retention of the inspector's request records under load (its usage, below, says more).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCommandLine } from '../../../tools/dev/command-line.mjs';

readCommandLine({
  command: 'inspector-retention.mjs',
  usage: `usage: node bench/inspector-retention.mjs   (in packages/sandbox; pnpm --filter @svc/sandbox bench:inspector)

Retention of the inspector's request records under load (\`pnpm --filter @svc/sandbox
bench:inspector\`, after a build): runs the sandbox in this process on a SQLite file with its
default request record limits (the newest 1,000 per client, none older than 1 hour) and the
pruner every INSPECT_PRUNE_MS (default 1000) ms, and drives POST /auth/get with autocannon at
INSPECT_CONNECTIONS (default 10) connections for INSPECT_S (default 10) seconds, two clients
taking turns (the default one nine requests in ten). Every second it prints the requests
answered, the request records stored per client (those still queued in memory are not counted)
and the records dropped because the store was slower than the load. Then, after one
last pruning run, the final counts. Bounded in time; traffic only to loopback; no thresholds.
Plain JS: it drives the built package with no build step of its own, as \`load.mjs\` does.
  -h, --help   show this help`,
});
// What needs a build is imported once the command line is read, so that --help needs none.
const { default: autocannon } = await import('autocannon');
const { DEFAULT_CLIENT, DEMO_CLIENT, silentLogger, startSandbox } = await import('../dist/index.js');

const DURATION_S = Number(process.env.INSPECT_S ?? 10);
const CONNECTIONS = Number(process.env.INSPECT_CONNECTIONS ?? 10);
const PRUNE_MS = Number(process.env.INSPECT_PRUNE_MS ?? 1000);
const print = (line) => process.stdout.write(`${line}\n`);

const dataDir = mkdtempSync(join(tmpdir(), 'svc-inspector-retention-'));
const sandbox = await startSandbox({
  port: 0,
  store: { kind: 'sqlite', dataDir },
  logger: silentLogger,
  rateLimit: null,
  retention: { intervalMs: PRUNE_MS },
});
async function call(path, body, client) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'svc-client-id': client.clientId, 'svc-secret': client.secret },
    body: JSON.stringify(body),
  });
  return response.json();
}

/** An access token of a new Item of `client`. */
async function accessToken(client) {
  const created = await call(
    '/sandbox/public_token/create',
    { institution_id: 'ins_109508', initial_products: ['auth'] },
    client,
  );
  return (await call('/item/public_token/exchange', { public_token: created.public_token }, client)).access_token;
}

const tokens = new Map([
  [DEFAULT_CLIENT, await accessToken(DEFAULT_CLIENT)],
  [DEMO_CLIENT, await accessToken(DEMO_CLIENT)],
]);
const request = (client) => ({
  method: 'POST',
  path: '/auth/get',
  headers: { 'content-type': 'application/json', 'svc-client-id': client.clientId, 'svc-secret': client.secret },
  body: JSON.stringify({ access_token: tokens.get(client) }),
});

async function counts() {
  const rows = await sandbox.store.db
    .selectFrom('request_records')
    .select(['client_id', (eb) => eb.fn.countAll().as('count')])
    .groupBy('client_id')
    .execute();
  const of = (client) => Number(rows.find((row) => row.client_id === client.clientId)?.count ?? 0);
  return { default: of(DEFAULT_CLIENT), demo: of(DEMO_CLIENT) };
}

print(
  `Inspector request records under load: ${CONNECTIONS} connections for ${DURATION_S} s, pruner every ${PRUNE_MS} ms`,
);
print('second  answered  records(default)  records(demo)  dropped');
let answered = 0;
let turn = 0;
const started = Date.now();
const instance = autocannon({
  url: sandbox.url,
  connections: CONNECTIONS,
  duration: DURATION_S,
  requests: [
    {
      setupRequest: (req) => {
        turn++;
        return { ...req, ...request(turn % 10 === 0 ? DEMO_CLIENT : DEFAULT_CLIENT) };
      },
    },
  ],
});
instance.on('response', () => {
  answered++;
});
const timer = setInterval(async () => {
  const found = await counts();
  print(
    `${String(Math.round((Date.now() - started) / 1000)).padStart(6)}  ${String(answered).padStart(8)}  ${String(found.default).padStart(16)}  ${String(found.demo).padStart(13)}  ${String(sandbox.droppedRequestRecords).padStart(7)}`,
  );
}, 1000);
const result = await instance;
clearInterval(timer);
await sandbox.flushRequestRecords();
const beforePrune = await counts();
await sandbox.prune();
const after = await counts();
print(
  `done: ${result.requests.total} requests (${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}); ` +
    `records before the last pruning run: default ${beforePrune.default}, demo ${beforePrune.demo}; after: default ${after.default}, demo ${after.demo}; dropped ${sandbox.droppedRequestRecords}`,
);
await sandbox.stop();
rmSync(dataDir, { recursive: true, force: true });
