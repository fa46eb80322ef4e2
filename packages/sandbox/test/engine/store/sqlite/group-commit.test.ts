/**
 * Group commit on SQLite: transactions that run together share one commit, each still succeeds or
 * fails alone, nothing resolves before its commit, and a failed commit fails the whole group.
 */

import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type GroupCommit, groupCommitSqliteDialect } from '../../../../src/engine/store/sqlite/group-commit.js';

interface Tables {
  rows: { name: string; parent: string | null };
}

let dir: string;
let file: string;
let statements: string[];
let db: Kysely<Tables>;
let groupCommit: GroupCommit;
let sqlite: BetterSqlite3.Database;

const transaction = <T>(work: (trx: Kysely<Tables>) => Promise<T>): Promise<T> => groupCommit.transaction(db, work);

/** The names in the file as another connection sees them (committed data only). */
function committedNames(): string[] {
  const other = new BetterSqlite3(file, { readonly: true });
  try {
    return other.prepare('select "name" from "rows" order by "name"').pluck().all() as string[];
  } finally {
    other.close();
  }
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-group-commit-'));
  file = join(dir, 'db.sqlite');
  statements = [];
  sqlite = new BetterSqlite3(file, { verbose: (statement) => statements.push(String(statement)) });
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.exec(
    'create table "rows" ("name" text primary key, "parent" text references "rows" ("name") deferrable initially deferred)',
  );
  const made = groupCommitSqliteDialect({ database: sqlite });
  db = new Kysely<Tables>({ dialect: made.dialect });
  groupCommit = made.groupCommit;
  statements.length = 0;
});

afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (trx: Kysely<Tables>, name: string, parent: string | null = null) =>
  trx.insertInto('rows').values({ name, parent }).execute();

it('commits transactions that run together once, each in a savepoint of its own', async () => {
  await Promise.all(['a', 'b', 'c'].map((name) => transaction((trx) => insert(trx, name))));
  expect(statements.filter((statement) => statement === 'begin immediate')).toHaveLength(1);
  expect(statements.filter((statement) => statement === 'commit')).toHaveLength(1);
  expect(statements.filter((statement) => statement.startsWith('savepoint'))).toHaveLength(3);
  expect(committedNames()).toEqual(['a', 'b', 'c']);
});

it('resolves a transaction only once another connection can see what it wrote', async () => {
  await transaction((trx) => insert(trx, 'a'));
  expect(committedNames()).toEqual(['a']);
  // Later transactions open a group of their own.
  await transaction((trx) => insert(trx, 'b'));
  expect(committedNames()).toEqual(['a', 'b']);
  expect(statements.filter((statement) => statement === 'commit')).toHaveLength(2);
});

it('waits while another connection holds the log (the checkpointer restarting it) instead of failing a transaction that reads first', async () => {
  sqlite.pragma('busy_timeout = 5000');
  await transaction((trx) => insert(trx, 'a'));
  // Another thread's connection takes the write lock for a while, as a restarting checkpoint does.
  const holder = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const Database = require('better-sqlite3');
     const db = new Database(workerData.file);
     db.exec('begin immediate');
     parentPort.postMessage('held');
     setTimeout(() => { db.exec('commit'); db.close(); }, 150);`,
    { eval: true, workerData: { file } },
  );
  await once(holder, 'message');
  // A read, then a write: begun as a reader, SQLite refuses it at once instead of waiting.
  const seen = await transaction(async (trx) => {
    const before = await trx.selectFrom('rows').selectAll().execute();
    await insert(trx, 'b');
    return before.length;
  });
  expect(seen).toBe(1);
  expect(committedNames()).toEqual(['a', 'b']);
  await holder.terminate();
});

it('rolls back a failing transaction alone', async () => {
  const outcomes = await Promise.allSettled([
    transaction((trx) => insert(trx, 'a')),
    transaction(async (trx) => {
      await insert(trx, 'b');
      throw new Error('b fails');
    }),
    transaction((trx) => insert(trx, 'c')),
  ]);
  expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  expect(committedNames()).toEqual(['a', 'c']);
});

it('fails every transaction of a group whose commit fails, and keeps none of them', async () => {
  // A deferred foreign key is checked at the commit, so the group's commit fails.
  const outcomes = await Promise.allSettled([
    transaction((trx) => insert(trx, 'a')),
    transaction((trx) => insert(trx, 'orphan', 'no-such-parent')),
  ]);
  expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
  expect(committedNames()).toEqual([]);
  // The connection is usable again.
  await transaction((trx) => insert(trx, 'b'));
  expect(committedNames()).toEqual(['b']);
});

it('fails the group cleanly when SQLite already rolled it back as the commit failed', async () => {
  // A commit that fails with an I/O error leaves no transaction open; the group must still fail
  // every member, and the connection must be usable afterwards.
  const sqlite = new BetterSqlite3(join(dir, 'failing.sqlite'));
  sqlite.exec('create table "rows" ("name" text primary key, "parent" text)');
  let failNextCommit = true;
  const failing = new Proxy(sqlite, {
    get(target, property) {
      if (property === 'prepare') {
        return (source: string) => {
          if (source === 'commit' && failNextCommit) {
            failNextCommit = false;
            return {
              reader: false,
              run: () => {
                target.exec('rollback');
                throw new Error('disk I/O error');
              },
            };
          }
          return target.prepare(source);
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const made = groupCommitSqliteDialect({ database: failing });
  const other = new Kysely<Tables>({ dialect: made.dialect });
  try {
    const outcomes = await Promise.allSettled(
      ['a', 'b'].map((name) => made.groupCommit.transaction(other, (trx) => insert(trx, name))),
    );
    expect(outcomes.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : 'ok'))).toEqual([
      'Error: disk I/O error',
      'Error: disk I/O error',
    ]);
    await made.groupCommit.transaction(other, (trx) => insert(trx, 'c'));
    expect(sqlite.prepare('select "name" from "rows"').pluck().all()).toEqual(['c']);
  } finally {
    await other.destroy();
  }
});

it('settles a write made outside a transaction while a group is open', async () => {
  const grouped = transaction((trx) => insert(trx, 'a'));
  // Runs once the transaction has released the connection, inside its still open group.
  await insert(db, 'b');
  expect(committedNames()).toEqual([]);
  await groupCommit.settled();
  expect(committedNames()).toEqual(['a', 'b']);
  await grouped;
});

it('commits an open group when the database is closed', async () => {
  const pending = db.transaction().execute((trx) => insert(trx, 'a'));
  await pending;
  await db.destroy();
  expect(committedNames()).toEqual(['a']);
  // afterEach destroys again; a second destroy is harmless.
  db = new Kysely<Tables>({ dialect: groupCommitSqliteDialect({ database: new BetterSqlite3(file) }).dialect });
});
