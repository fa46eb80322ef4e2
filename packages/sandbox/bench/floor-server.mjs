#!/usr/bin/env node
// A floor for the sandbox's speed: the least a stateful server does per request, on node:http and
// better-sqlite3 as the sandbox is (its usage, below, says more). Spawned by floor.mjs.
import { readCommandLine } from '../../../tools/dev/command-line.mjs';

const KINDS = ['answer', 'record', 'read', 'read-record', 'write', 'write-record', 'pg-read', 'pg-write'];

readCommandLine({
  command: 'floor-server.mjs',
  usage: `usage: FLOOR_KIND=<kind> node bench/floor-server.mjs   (spawned by bench/floor.mjs)

A node:http server on 127.0.0.1 (a free port) that answers POST /auth/get and POST
/transfer/create doing only the least a stateful sandbox does, by FLOOR_KIND:
  answer        the answer serialised per request with a fresh request_id (no database)
  record        answer, and each request kept (its request and answer JSON) in SQLite, the
                rows of a turn of the event loop in one transaction, as the inspector keeps them
  read          /auth/get answered from three indexed reads (token, item, accounts) per request
  read-record   read and record
  write         /transfer/create inserts a transfer (four indexes) and an idempotency key, the
                writes of a turn in one transaction (a group commit)
  write-record  write and record
  pg-read       on PostgreSQL (FLOOR_DATABASE_URL): /auth/get answered from one join per request
                (one round trip), and each request recorded, the rows of a turn in one insert
  pg-write      on PostgreSQL: /transfer/create as one statement inserting the transfer and its
                idempotency key (one round trip), and recorded as pg-read does
SQLite in WAL mode with synchronous=NORMAL, in a fresh temporary directory; PostgreSQL through
pg with a pool of 10 connections (its tables made afresh in schema floor). Prints
\`listening on <url>\`; stops on SIGTERM.
  -h, --help   show this help`,
});

const { randomUUID } = await import('node:crypto');
const { mkdtempSync, rmSync } = await import('node:fs');
const { createServer } = await import('node:http');
const { tmpdir } = await import('node:os');
const { join } = await import('node:path');

const kind = process.env.FLOOR_KIND ?? '';
if (!KINDS.includes(kind)) {
  process.stderr.write(`floor-server.mjs: FLOOR_KIND must be one of ${KINDS.join(', ')}, not '${kind}'\n`);
  process.exit(2);
}
const onPostgres = kind.startsWith('pg-');
if (onPostgres && !process.env.FLOOR_DATABASE_URL) {
  process.stderr.write(`floor-server.mjs: FLOOR_KIND=${kind} needs FLOOR_DATABASE_URL, a PostgreSQL URL\n`);
  process.exit(2);
}
const recording = kind.endsWith('record') || onPostgres;
const readsAnswer = kind.startsWith('read') || kind === 'pg-read';
const writes = kind.startsWith('write') || kind === 'pg-write';
const ITEMS = 1000;

/** Ends the server on a failure of its database: a floor that failed measures nothing. */
function failed(error) {
  process.stderr.write(`floor-server.mjs: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

/** The /auth/get answer of an item and its accounts (rows). */
function authAnswer(item, accounts, requestId) {
  return {
    accounts: accounts.map((account) => ({
      account_id: account.account_id,
      balances: {
        available: account.available,
        current: account.current,
        iso_currency_code: 'USD',
        limit: null,
        unofficial_currency_code: null,
      },
      mask: account.mask,
      name: account.name,
      official_name: null,
      subtype: account.subtype,
      type: account.type,
    })),
    numbers: {
      ach: accounts.map((account) => ({
        account: account.account,
        account_id: account.account_id,
        routing: account.routing,
        wire_routing: null,
      })),
      bacs: [],
      eft: [],
      international: [],
    },
    item: {
      available_products: ['balance', 'identity'],
      billed_products: ['auth'],
      consent_expiration_time: null,
      error: null,
      institution_id: item.institution_id,
      item_id: item.item_id,
      update_type: 'background',
      webhook: null,
    },
    request_id: requestId,
  };
}

/**
 * The floor's database: the rows of /auth/get for an access token (an unknown one reads the
 * first item's), a transfer and its idempotency key written, requests recorded.
 * @typedef {object} FloorStore
 * @property {(accessToken: unknown) => Promise<{ item: any, accounts: any[] }> | { item: any, accounts: any[] }} readAuth
 * @property {(row: unknown[], key: string) => Promise<unknown>} write  committed before the answer
 * @property {(row: unknown[]) => unknown} record  with the others of its turn, after the answer
 * @property {() => Promise<void>} close
 */

/**
 * `run(works)` once per turn of the event loop, with the works handed to the returned function
 * in that turn; each call's promise settles once its turn's run has.
 */
function perTurn(run) {
  let pending = [];
  let done;
  return (work) => {
    if (pending.length === 0) {
      done = new Promise((resolve, reject) =>
        setImmediate(() => {
          const works = pending;
          pending = [];
          try {
            resolve(run(works));
          } catch (error) {
            reject(error);
          }
        }),
      );
    }
    pending.push(work);
    return done;
  };
}

/**
 * The floor's tables, in the column types of its engine: `time` for a moment, `float` for an
 * amount, `serial` for the records' key.
 */
function floorSchema({ time, float, serial }) {
  return `
    create table items (item_id text primary key, client_id text not null, institution_id text not null, removed_at ${time});
    create table tokens (token text primary key, item_id text not null, kind text not null, revoked_at ${time});
    create table accounts (account_id text primary key, item_id text not null, name text not null, mask text not null,
      type text not null, subtype text not null, current ${float}, available ${float}, account text not null, routing text not null);
    create index accounts_by_item on accounts (item_id);
    create table transfers (transfer_id text primary key, client_id text not null, account_id text not null,
      authorization_id text not null, amount text not null, status text not null, created text not null, body text not null);
    create index transfers_by_client on transfers (client_id, created);
    create index transfers_by_account on transfers (account_id);
    create unique index transfers_by_authorization on transfers (authorization_id);
    create index transfers_by_status on transfers (status, created);
    create table idempotency_keys (client_id text not null, key text not null, transfer_id text not null, primary key (client_id, key));
    create table request_records (id ${serial} primary key, client_id text not null, request_id text not null,
      operation text not null, status integer not null, started_at text not null, request_body text, response_body text);
    create index request_records_by_client on request_records (client_id, id);
  `;
}

/** @returns {Promise<FloorStore>} SQLite in WAL mode (synchronous=NORMAL), in a fresh directory. */
async function openSqlite() {
  const { default: Database } = await import('better-sqlite3');
  const directory = mkdtempSync(join(tmpdir(), 'svc-floor-'));
  const db = new Database(join(directory, 'floor.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(floorSchema({ time: 'text', float: 'real', serial: 'integer' }));
  db.transaction(() => {
    const item = db.prepare("insert into items values (?, 'client', 'ins_109508', null)");
    const token = db.prepare("insert into tokens values (?, ?, 'access', null)");
    const account = db.prepare(
      "insert into accounts values (?, ?, ?, '0000', 'depository', ?, 110.5, 100.25, '1111222233330000', '011401533')",
    );
    for (let index = 0; index < ITEMS; index++) {
      item.run(`item-${index}`);
      token.run(`access-sandbox-${index}`, `item-${index}`);
      account.run(`account-${index}-0`, `item-${index}`, 'Plaid Checking', 'checking');
      account.run(`account-${index}-1`, `item-${index}`, 'Plaid Saving', 'savings');
    }
  })();
  const tokenRead = db.prepare("select item_id from tokens where token = ? and kind = 'access' and revoked_at is null");
  const itemRead = db.prepare('select * from items where item_id = ? and removed_at is null');
  const accountsRead = db.prepare('select * from accounts where item_id = ?');
  const insertTransfer = db.prepare('insert into transfers values (?, ?, ?, ?, ?, ?, ?, ?)');
  const insertKey = db.prepare('insert into idempotency_keys values (?, ?, ?)');
  const insertRecord = db.prepare(
    'insert into request_records (client_id, request_id, operation, status, started_at, request_body, response_body) values (?, ?, ?, ?, ?, ?, ?)',
  );
  const inOneTransaction = (run) => db.transaction((works) => works.forEach(run));
  const writeInTurn = perTurn(
    inOneTransaction(({ row, key }) => {
      insertTransfer.run(...row);
      insertKey.run('client', key, row[0]);
    }),
  );
  return {
    readAuth(accessToken) {
      const token = tokenRead.get(String(accessToken)) ?? tokenRead.get('access-sandbox-0');
      const item = itemRead.get(token.item_id);
      return { item, accounts: accountsRead.all(item.item_id) };
    },
    write: (row, key) => writeInTurn({ row, key }),
    record: perTurn(inOneTransaction((row) => insertRecord.run(...row))),
    async close() {
      db.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** @returns {Promise<FloorStore>} PostgreSQL at FLOOR_DATABASE_URL, its tables made afresh in a schema of this kind. */
async function openPostgres() {
  const { default: pg } = await import('pg');
  const schema = `floor_${kind.replaceAll('-', '_')}`;
  const pool = new pg.Pool({
    connectionString: process.env.FLOOR_DATABASE_URL,
    max: 10,
    options: `-c search_path=${schema}`,
  });
  await pool.query(`drop schema if exists ${schema} cascade; create schema ${schema}`);
  await pool.query(`
    ${floorSchema({ time: 'timestamptz', float: 'double precision', serial: 'bigserial' })}
    insert into items select 'item-' || n, 'client', 'ins_109508', null from generate_series(0, ${ITEMS - 1}) n;
    insert into tokens select 'access-sandbox-' || n, 'item-' || n, 'access', null from generate_series(0, ${ITEMS - 1}) n;
    insert into accounts select 'account-' || n || '-' || a, 'item-' || n, case a when 0 then 'Plaid Checking' else 'Plaid Saving' end,
      '0000', 'depository', case a when 0 then 'checking' else 'savings' end, 110.5, 100.25, '1111222233330000', '011401533'
      from generate_series(0, ${ITEMS - 1}) n, generate_series(0, 1) a;
    analyze;
  `);
  const authRows = {
    name: 'floor-auth',
    text: `select i.item_id, i.institution_id, a.* from tokens t join items i on i.item_id = t.item_id
      join accounts a on a.item_id = i.item_id
      where t.token = $1 and t.kind = 'access' and t.revoked_at is null and i.removed_at is null order by a.account_id`,
  };
  const writeTransfer =
    'with transfer as (insert into transfers values ($1, $2, $3, $4, $5, $6, $7, $8) returning transfer_id) ' +
    "insert into idempotency_keys select 'client', $9, transfer_id from transfer";
  const insertRecords =
    'insert into request_records (client_id, request_id, operation, status, started_at, request_body, response_body) ' +
    'select * from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[])';
  const readRows = async (token) => (await pool.query({ ...authRows, values: [token] })).rows;
  return {
    async readAuth(accessToken) {
      let rows = await readRows(String(accessToken));
      if (rows.length === 0) {
        rows = await readRows('access-sandbox-0');
      }
      return { item: rows[0], accounts: rows };
    },
    write(row, key) {
      return pool.query({ name: 'floor-write', text: writeTransfer, values: [...row, key] });
    },
    record: perTurn((rows) => {
      const columns = rows[0].map((_, column) => rows.map((row) => row[column]));
      pool.query({ name: 'floor-record', text: insertRecords, values: columns }).catch(failed);
    }),
    async close() {
      await pool.query(`drop schema if exists ${schema} cascade`);
      await pool.end();
    },
  };
}

const store = onPostgres ? await openPostgres() : await openSqlite();
// With no database read per request, the answer's rows are read once.
const fixed = await store.readAuth('access-sandbox-0');

let sequence = 0;
/** The answer to a request on `path` with `body`, after what it does in the database. */
async function answerOf(path, body, requestId, startedAt) {
  if (path === '/auth/get') {
    const { item, accounts } = readsAnswer ? await store.readAuth(body.access_token) : fixed;
    return authAnswer(item, accounts, requestId);
  }
  const transferId = `transfer-${process.pid}-${sequence++}`;
  const transfer = {
    id: transferId,
    account_id: body.account_id,
    authorization_id: body.authorization_id,
    amount: body.amount,
    description: body.description,
    status: 'pending',
    created: startedAt,
  };
  if (writes) {
    const row = [
      transferId,
      'client',
      String(body.account_id),
      `${body.authorization_id}-${transferId}`,
      String(body.amount),
      'pending',
      startedAt,
      JSON.stringify(transfer),
    ];
    await store.write(row, `key-${transferId}`);
  }
  return { transfer, request_id: requestId };
}

const server = createServer((req, res) => {
  const path = req.url ?? '';
  if (path !== '/auth/get' && path !== '/transfer/create') {
    res.writeHead(404).end();
    return;
  }
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const startedAt = new Date().toISOString();
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    const requestId = randomUUID();
    answerOf(path, body, requestId, startedAt).then((answer) => {
      const json = JSON.stringify(answer);
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(json) });
      res.end(json);
      if (recording) {
        store.record(['client', requestId, path, 200, startedAt, JSON.stringify(body), json]);
      }
    }, failed);
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening on http://127.0.0.1:${server.address().port}\n`);
});
process.once('SIGTERM', () => server.close(() => store.close().then(() => process.exit(0))));
