// The SQLite checkpointer's worker thread (started by checkpointer.ts): its own connection to the
// database file runs a passive checkpoint every `intervalMs`, restarts the log once it holds
// `restartPages` pages, reports a failure once and stops, and closes on any message. Plain
// JavaScript (type-checked through JSDoc) because Node loads a worker thread's module itself, and
// Node 20 runs no TypeScript (see the package README, "Files").
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

if (!parentPort) {
  throw new Error('checkpoint-worker.js runs as a worker thread only');
}
const port = parentPort;
/** @type {{ file: string; intervalMs: number; restartPages: number; restartRemainder: number }} */
const { file, intervalMs, restartPages, restartRemainder } = workerData;
/** Passive checkpoints at most in one catch-up before a restart. */
const CATCH_UP_ROUNDS = 8;

/**
 * Tells the main thread why checkpointing stopped.
 * @param {unknown} error
 */
const report = (error) => port.postMessage({ failed: error instanceof Error ? error.message : String(error) });

let db;
try {
  db = new Database(file, { fileMustExist: true });
} catch (error) {
  report(error);
  process.exit(0);
}
const connection = db;
// A restart waits this long at most for the writer to finish its transaction (this thread sleeps).
connection.pragma('busy_timeout = 50');
const passive = connection.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const restart = connection.prepare('PRAGMA wal_checkpoint(RESTART)');
/**
 * A passive checkpoint: SQLite's answer, the log's pages and how many of them are in the file.
 * @returns {{ log: number; checkpointed: number }}
 */
const copyLog = () => /** @type {{ log: number; checkpointed: number }} */ (passive.get());
// Under a steady stream of writes a passive checkpoint never catches up with the writer, so the
// log is never started afresh and grows until the writing connection's own backstop checkpoints
// at every commit. Past `restartPages`, passive rounds copy nearly all of it (never holding the
// writer), then a restart copies the rest and makes the next write start the log afresh: the
// writer waits only while the restart copies what it added since the last round.
const timer = setInterval(() => {
  try {
    let { log, checkpointed } = copyLog();
    if (log >= restartPages) {
      for (let round = 0; round < CATCH_UP_ROUNDS && log - checkpointed > restartRemainder; round++) {
        ({ log, checkpointed } = copyLog());
      }
      if (log - checkpointed <= restartRemainder) {
        // Busy (the writer kept the log) is no failure: the next tick tries again.
        restart.get();
      }
    }
  } catch (error) {
    clearInterval(timer);
    report(error);
  }
}, intervalMs);
port.on('message', () => {
  clearInterval(timer);
  connection.close();
  port.close();
});
