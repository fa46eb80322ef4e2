#!/usr/bin/env node
// A floor for the sandbox's speed: the least a stateful server does per request, on node:http and
// better-sqlite3 as the sandbox is (its usage, below, says more). Spawned by floor.mjs.
import { readCommandLine } from '../../../tools/dev/command-line.mjs';

const KINDS = ['answer', 'record', 'read', 'read-record', 'write', 'write-record'];

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
SQLite in WAL mode with synchronous=NORMAL, in a fresh temporary directory. Prints
\`listening on <url>\`; stops on SIGTERM.
  -h, --help   show this help`,
});

const { randomUUID } = await import('node:crypto');
const { mkdtempSync, rmSync } = await import('node:fs');
const { createServer } = await import('node:http');
const { tmpdir } = await import('node:os');
const { join } = await import('node:path');
const { default: Database } = await import('better-sqlite3');

const kind = process.env.FLOOR_KIND ?? '';
if (!KINDS.includes(kind)) {
  process.stderr.write(`floor-server.mjs: FLOOR_KIND must be one of ${KINDS.join(', ')}, not '${kind}'\n`);
  process.exit(2);
}
const recording = kind.endsWith('record');
const directory = mkdtempSync(join(tmpdir(), 'svc-floor-'));
const db = new Database(join(directory, 'floor.sqlite'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.exec(`
  create table items (item_id text primary key, client_id text not null, institution_id text not null, removed_at text);
  create table tokens (token text primary key, item_id text not null, kind text not null, revoked_at text);
  create table accounts (account_id text primary key, item_id text not null, name text not null, mask text not null,
    type text not null, subtype text not null, current real, available real, account text not null, routing text not null);
  create index accounts_by_item on accounts (item_id);
  create table transfers (transfer_id text primary key, client_id text not null, account_id text not null,
    authorization_id text not null, amount text not null, status text not null, created text not null, body text not null);
  create index transfers_by_client on transfers (client_id, created);
  create index transfers_by_account on transfers (account_id);
  create unique index transfers_by_authorization on transfers (authorization_id);
  create index transfers_by_status on transfers (status, created);
  create table idempotency_keys (client_id text not null, key text not null, transfer_id text not null, primary key (client_id, key));
  create table request_records (id integer primary key, client_id text not null, request_id text not null,
    operation text not null, status integer not null, started_at text not null, request_body text, response_body text);
  create index request_records_by_client on request_records (client_id, id);
`);
const seed = db.transaction(() => {
  const item = db.prepare("insert into items values (?, 'client', 'ins_109508', null)");
  const token = db.prepare("insert into tokens values (?, ?, 'access', null)");
  const account = db.prepare(
    "insert into accounts values (?, ?, ?, '0000', 'depository', ?, 110.5, 100.25, '1111222233330000', '011401533')",
  );
  for (let index = 0; index < 1000; index++) {
    item.run(`item-${index}`);
    token.run(`access-sandbox-${index}`, `item-${index}`);
    account.run(`account-${index}-0`, `item-${index}`, 'Plaid Checking', 'checking');
    account.run(`account-${index}-1`, `item-${index}`, 'Plaid Saving', 'savings');
  }
});
seed();

const tokenRead = db.prepare("select item_id from tokens where token = ? and kind = 'access' and revoked_at is null");
const itemRead = db.prepare('select * from items where item_id = ? and removed_at is null');
const accountsRead = db.prepare('select * from accounts where item_id = ?');
const insertTransfer = db.prepare('insert into transfers values (?, ?, ?, ?, ?, ?, ?, ?)');
const insertKey = db.prepare('insert into idempotency_keys values (?, ?, ?)');
const insertRecord = db.prepare(
  'insert into request_records (client_id, request_id, operation, status, started_at, request_body, response_body) values (?, ?, ?, ?, ?, ?, ?)',
);

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

/** The rows of /auth/get for `accessToken`, read from the database. */
function readAuth(accessToken) {
  const token = tokenRead.get(accessToken) ?? tokenRead.get('access-sandbox-0');
  const item = itemRead.get(token.item_id);
  return { item, accounts: accountsRead.all(item.item_id) };
}

// With no database read per request, the answer's rows are read once.
const fixed = readAuth('access-sandbox-0');

/** Runs `work` with the others of this turn of the event loop, in one transaction after it. */
function perTurn(run) {
  let pending = [];
  const flush = db.transaction((works) => {
    for (const work of works) {
      run(work);
    }
  });
  return (work) => {
    if (pending.length === 0) {
      setImmediate(() => {
        const works = pending;
        pending = [];
        flush(works);
      });
    }
    pending.push(work);
  };
}
const record = perTurn((row) => insertRecord.run(...row));
const write = perTurn((transfer) => {
  insertTransfer.run(...transfer.row);
  insertKey.run('client', transfer.key, transfer.row[0]);
});

let sequence = 0;
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const startedAt = new Date().toISOString();
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    const requestId = randomUUID();
    let answer;
    if (req.url === '/auth/get') {
      const { item, accounts } = kind.startsWith('read') ? readAuth(body.access_token) : fixed;
      answer = authAnswer(item, accounts, requestId);
    } else if (req.url === '/transfer/create') {
      const transferId = `transfer-${process.pid}-${sequence++}`;
      const created = startedAt;
      answer = {
        transfer: {
          id: transferId,
          account_id: body.account_id,
          authorization_id: body.authorization_id,
          amount: body.amount,
          description: body.description,
          status: 'pending',
          created,
        },
        request_id: requestId,
      };
      if (kind.startsWith('write')) {
        const row = [
          transferId,
          'client',
          String(body.account_id),
          `${body.authorization_id}-${sequence}`,
          String(body.amount),
          'pending',
          created,
          JSON.stringify(answer.transfer),
        ];
        write({ row, key: `key-${sequence}` });
      }
    } else {
      res.writeHead(404).end();
      return;
    }
    const json = JSON.stringify(answer);
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(json) });
    res.end(json);
    if (recording) {
      record(['client', requestId, req.url, 200, startedAt, JSON.stringify(body), json]);
    }
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening on http://127.0.0.1:${server.address().port}\n`);
});
process.once('SIGTERM', () =>
  server.close(() => {
    db.close();
    rmSync(directory, { recursive: true, force: true });
    process.exit(0);
  }),
);
