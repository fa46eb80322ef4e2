/**
 * The SQLite checkpointer: a worker thread copies the write-ahead log into the database file
 * while the writing connection never checkpoints itself, and a file it cannot open is reported.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startSqliteCheckpointer } from '../../../../src/engine/store/sqlite/checkpointer.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'svc-checkpointer-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

it('copies the log into the database file from its own thread', async () => {
  const file = join(dir, 'db.sqlite');
  const db = new BetterSqlite3(file);
  db.pragma('journal_mode = WAL');
  db.pragma('wal_autocheckpoint = 0');
  db.exec('create table "rows" ("body" blob not null)');
  const insert = db.prepare('insert into "rows" ("body") values (?)');
  const body = Buffer.alloc(1024, 1);
  for (let i = 0; i < 2000; i++) {
    insert.run(body);
  }
  // Everything written is still in the log: the database file holds only the first pages.
  const before = statSync(file).size;
  expect(before).toBeLessThan(100_000);
  const failures: string[] = [];
  const checkpointer = startSqliteCheckpointer(file, (message) => failures.push(message), 20);
  try {
    await expect.poll(() => statSync(file).size, { timeout: 10_000, interval: 50 }).toBeGreaterThan(2_000_000);
    expect(failures).toEqual([]);
  } finally {
    await checkpointer.stop();
    db.close();
  }
});

it('reports a database it cannot open', async () => {
  const failures: string[] = [];
  const checkpointer = startSqliteCheckpointer(join(dir, 'missing.sqlite'), (message) => failures.push(message), 20);
  await expect.poll(() => failures.length, { timeout: 10_000 }).toBe(1);
  expect(failures[0]).toMatch(/unable to open|does not exist|no such file/i);
  await checkpointer.stop();
});
