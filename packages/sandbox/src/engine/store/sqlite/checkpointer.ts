/**
 * Checkpoints of the SQLite write-ahead log on a worker thread. SQLite copies the log back into
 * the database file once it holds enough pages, and by default the commit that crosses the line
 * does it, syncing both files to disk: a few milliseconds of one request in every few dozen
 * writes, during which the whole server waits. Here a worker thread with its own connection runs
 * a passive checkpoint (one that never waits for readers or writers) a few times a second, so
 * requests do not carry that cost. The request connection keeps a much higher automatic
 * checkpoint threshold as a backstop, should the worker fall behind or fail.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the worker checkpoints (ms). */
export const CHECKPOINT_INTERVAL_MS = 250;

/** Log pages after which the request connection checkpoints itself (the backstop; about 40 MB). */
export const BACKSTOP_AUTOCHECKPOINT_PAGES = 10_000;

/** A running checkpointer. */
export interface SqliteCheckpointer {
  /** Stops the worker and closes its connection. */
  stop(): Promise<void>;
}

// The worker's code, run as a script of its own (`eval`), so that it needs no file of its own
// next to the compiled or the TypeScript sources. It reports a failure once and stops.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
let db;
try {
  db = new Database(workerData.file, { fileMustExist: true });
} catch (error) {
  parentPort.postMessage({ failed: String(error && error.message) });
  process.exit(0);
}
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const timer = setInterval(() => {
  try {
    checkpoint.run();
  } catch (error) {
    clearInterval(timer);
    parentPort.postMessage({ failed: String(error && error.message) });
  }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Starts checkpointing the database `file` from a worker thread; `onFailure` hears once if the
 * worker cannot open the file or a checkpoint fails (the backstop then takes over).
 */
export function startSqliteCheckpointer(
  file: string,
  onFailure: (message: string) => void,
  intervalMs = CHECKPOINT_INTERVAL_MS,
): SqliteCheckpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, intervalMs } });
  // The worker never keeps the process alive on its own.
  worker.unref();
  worker.on('message', (message: { failed?: string }) => {
    if (message.failed !== undefined) {
      onFailure(message.failed);
    }
  });
  worker.on('error', (error) => onFailure(error.message));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      worker.postMessage('stop');
      await exited;
    },
  };
}
