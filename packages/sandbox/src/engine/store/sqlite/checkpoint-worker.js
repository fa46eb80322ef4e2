// The SQLite checkpointer's worker thread (started by checkpointer.ts): its own connection to the
// database file runs a passive checkpoint every `intervalMs`, reports a failure once and stops,
// and closes on any message. Plain JavaScript (type-checked through JSDoc) because Node loads a
// worker thread's module itself, and Node 20 runs no TypeScript (see the package README, "Files").
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

if (!parentPort) {
  throw new Error('checkpoint-worker.js runs as a worker thread only');
}
const port = parentPort;
/** @type {{ file: string; intervalMs: number }} */
const { file, intervalMs } = workerData;

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
const checkpoint = connection.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const timer = setInterval(() => {
  try {
    checkpoint.run();
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
