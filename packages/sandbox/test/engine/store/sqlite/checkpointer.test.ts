/**
 * The SQLite checkpointer: a worker thread copies the write-ahead log into the database file
 * while the writing connection never checkpoints itself, and a file it cannot open is reported.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
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

/**
 * The writing connection of a test: the log never checkpointed by it (the worker does), waiting
 * for a restart as the request connection does (open-sqlite.ts, group-commit.ts), and the insert
 * of a row of `rows`.
 */
function writingConnection(file: string) {
  const db = new BetterSqlite3(file);
  db.pragma('journal_mode = WAL');
  db.pragma('wal_autocheckpoint = 0');
  db.pragma('busy_timeout = 5000');
  db.exec('create table "rows" ("body" blob not null)');
  return { db, insert: db.prepare('insert into "rows" ("body") values (?)') };
}

it('copies the log into the database file from its own thread', async () => {
  const file = join(dir, 'db.sqlite');
  const { db, insert } = writingConnection(file);
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

it('starts the log afresh under a steady stream of writes, which a passive checkpoint never catches up with', async () => {
  const file = join(dir, 'db.sqlite');
  const { db, insert } = writingConnection(file);
  const body = Buffer.alloc(3000, 1);
  const restartPages = 300;
  const failures: string[] = [];
  const checkpointer = startSqliteCheckpointer(file, (message) => failures.push(message), 5, restartPages);
  let largestLog = 0;
  try {
    // About 24 MB of pages written, a transaction always open but for a short pause between
    // transactions (as the group commit keeps one open while requests arrive).
    for (let transaction = 0; transaction < 400; transaction++) {
      db.exec('begin immediate');
      for (let row = 0; row < 20; row++) {
        insert.run(body);
      }
      db.exec('commit');
      largestLog = Math.max(largestLog, statSync(`${file}-wal`).size);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(failures).toEqual([]);
    // Without restarts the log holds every page written (about 9,000 pages, 37 MB); with them it
    // stays within a few times the restart size (up to 6.4 MB seen on a loaded machine): the bound
    // leaves room for a checkpointing thread that falls behind for a while.
    expect(largestLog).toBeLessThan(12 * restartPages * 4120);
  } finally {
    await checkpointer.stop();
    db.close();
  }
}, 60_000);

it('reports a database it cannot open', async () => {
  const failures: string[] = [];
  const checkpointer = startSqliteCheckpointer(join(dir, 'missing.sqlite'), (message) => failures.push(message), 20);
  await expect.poll(() => failures.length, { timeout: 10_000 }).toBe(1);
  expect(failures[0]).toMatch(/unable to open|does not exist|no such file/i);
  await checkpointer.stop();
});

it('holds the process until its worker has stopped, so that a script awaiting stop() goes on after it', async () => {
  // The worker never keeps the process alive while it runs (unreferenced). In a script with nothing
  // else to do, an unreferenced worker let the process end with the stop pending: Node's exit code
  // 13, "unsettled top-level await", and `await sandbox.stop()` never returned. The built module,
  // as a user's script loads it.
  const file = join(dir, 'db.sqlite');
  writingConnection(file).db.close();
  const checkpointer = pathToFileURL(
    join(import.meta.dirname, '..', '..', '..', '..', 'dist', 'engine', 'store', 'sqlite', 'checkpointer.js'),
  ).href;
  const script = `
    const { startSqliteCheckpointer } = await import(${JSON.stringify(checkpointer)});
    const running = startSqliteCheckpointer(${JSON.stringify(file)}, (message) => process.stderr.write(message));
    await running.stop();
    process.stdout.write('stopped');
  `;
  const scriptFile = join(dir, 'stop.mjs');
  writeFileSync(scriptFile, script);
  const child = spawn(process.execPath, [scriptFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
  }
  const [code] = await once(child, 'exit');
  expect({ code, output }).toEqual({ code: 0, output: 'stopped' });
});
