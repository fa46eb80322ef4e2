#!/usr/bin/env node
// Retention soak of the sandbox (its usage, below, says what it measures and how long).
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCommandLine } from '../../../tools/dev/command-line.mjs';

readCommandLine({
  command: 'retention-soak.mjs',
  usage: `usage: node bench/retention-soak.mjs   (in packages/sandbox; pnpm --filter @svc/sandbox bench:soak)

Retention soak of the sandbox (\`pnpm --filter @svc/sandbox bench:soak\`, after a build): runs
the sandbox in this process on a SQLite file with a clock that runs SOAK_SPEED times faster
than the machine's (default 2880: one real second is 48 sandbox minutes, so 60 s cover two
sandbox days), and keeps SOAK_WORKERS (default 4) workers writing for SOAK_S (default 60)
seconds: each turn authorizes and creates a transfer with a new idempotency key, leaves one
more authorization unused, and points an Item's webhook at a local receiver (one webhook, then
its delivery attempt). With SOAK_MIX=transient the turn creates no transfer (only what
retention may delete: the unused authorization and the webhook); the default mix also keeps a
transfer and its event per turn, which a client can read and which are never pruned. Every SOAK_REPORT_S (default 5) seconds it prints the sandbox time, the
requests so far, the rows of the tables retention prunes, and the size of the database file
and of its write-ahead log. With retention on (SOAK_RETENTION=off to compare), the pruner runs
every real second and deletes what is older than the default 24 hours (sandbox time): the
rows and the size level off once the sandbox clock is past the first day. No thresholds.
Plain JS: it drives the built package with no build step of its own, as \`load.mjs\` does.
  -h, --help   show this help`,
});
// What needs a build is imported once the command line is read, so that --help needs none.
const { openapiJsonPath } = await import('@svc/spec');
const { EXAMPLE_CREDENTIALS } = await import('@svc/spec/examples');
const { HEADER_NAMES } = await import('@svc/spec/headers');
const { silentLogger, startSandbox } = await import('../dist/index.js');

/** Writes one line of the report. */
const print = (line) => process.stdout.write(`${line}\n`);

const SOAK_S = Number(process.env.SOAK_S ?? 60);
const SPEED = Number(process.env.SOAK_SPEED ?? 2880);
const WORKERS = Number(process.env.SOAK_WORKERS ?? 4);
const REPORT_S = Number(process.env.SOAK_REPORT_S ?? 5);
const RETENTION = process.env.SOAK_RETENTION !== 'off';
const TRANSIENT = process.env.SOAK_MIX === 'transient';
const TABLES = ['idempotency_keys', 'transfer_authorizations', 'webhook_outbox', 'webhook_attempts', 'transfers'];

const document = JSON.parse(readFileSync(openapiJsonPath, 'utf8'));
const example = (path) => {
  const examples = document.paths[path].post.requestBody.content['application/json'].examples;
  return examples[Object.keys(examples)[0]].value;
};
const authorization = example('/transfer/authorization/create');
const transfer = example('/transfer/create');
const headers = {
  [HEADER_NAMES.clientId]: EXAMPLE_CREDENTIALS.clientId,
  [HEADER_NAMES.secret]: EXAMPLE_CREDENTIALS.secret,
};

const receiver = createServer((request, response) => {
  request.resume();
  request.on('end', () => response.end('ok'));
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const hook = `http://127.0.0.1:${receiver.address().port}/hook`;

const dir = mkdtempSync(join(tmpdir(), 'svc-sandbox-soak-'));
const started = Date.now();
const clock = { now: () => new Date(started + (Date.now() - started) * SPEED) };
const sandbox = await startSandbox({
  port: 0,
  store: { kind: 'sqlite', dataDir: dir },
  clock,
  logger: silentLogger,
  rateLimit: null,
  retention: RETENTION ? { intervalMs: 1000 } : null,
  delivery: { pollMs: 100 },
});

let requests = 0;
let failures = 0;
const call = async (url, body) => {
  const reply = await sandbox.inject({ method: 'POST', url, headers, body });
  requests += 1;
  if (reply.status !== 200) {
    failures += 1;
  }
  return reply;
};

let sequence = 0;
const until = started + SOAK_S * 1000;
async function worker() {
  while (Date.now() < until) {
    if (!TRANSIENT) {
      const authorized = await call('/transfer/authorization/create', authorization);
      const id = JSON.parse(authorized.body).authorization?.id ?? transfer.authorization_id;
      await call('/transfer/create', { ...transfer, authorization_id: id, idempotency_key: `soak-${sequence++}` });
    }
    await call('/transfer/authorization/create', authorization);
    await call('/item/webhook/update', { access_token: transfer.access_token, webhook: hook });
  }
}

/** The size of a file of the store in MiB, 0 when absent. */
const mib = (name) => {
  try {
    return statSync(join(dir, name)).size / 1024 / 1024;
  } catch {
    return 0;
  }
};

async function report() {
  const counts = [];
  for (const table of TABLES) {
    const row = await sandbox.store.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    counts.push(String(row?.n ?? 0).padStart(8));
  }
  const sandboxHours = ((clock.now().getTime() - started) / 3_600_000).toFixed(1).padStart(7);
  const real = String(Math.round((Date.now() - started) / 1000)).padStart(5);
  const size = [mib('sandbox.sqlite'), mib('sandbox.sqlite-wal')].map((value) => value.toFixed(2).padStart(8));
  print(`${real} ${sandboxHours} ${String(requests).padStart(9)} ${counts.join(' ')} ${size.join(' ')}`);
}

print(
  `retention soak: SQLite file in ${dir}, clock x${SPEED}, ${WORKERS} workers, ${SOAK_S} s, mix ${TRANSIENT ? 'transient' : 'transfers'}, retention ${RETENTION ? 'on' : 'off'}`,
);
print(
  `${'real s'.padStart(5)} ${'sbx h'.padStart(7)} ${'requests'.padStart(9)} ${TABLES.map((t) => t.slice(0, 8).padStart(8)).join(' ')} ${'db MiB'.padStart(8)} ${'wal MiB'.padStart(8)}`,
);
const reporter = setInterval(() => void report(), REPORT_S * 1000);
await Promise.all(Array.from({ length: WORKERS }, worker));
clearInterval(reporter);
await report();
print(`failed requests: ${failures} of ${requests}`);
await sandbox.stop();
receiver.close();
rmSync(dir, { recursive: true, force: true });
