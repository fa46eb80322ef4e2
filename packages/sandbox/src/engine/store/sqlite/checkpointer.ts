/**
 * Checkpoints of the SQLite write-ahead log on a worker thread. SQLite copies the log back into
 * the database file once it holds enough pages, and by default the commit that crosses the line
 * does it, syncing both files to disk: a few milliseconds of one request in every few dozen
 * writes, during which the whole server waits. Here a worker thread with its own connection runs
 * a passive checkpoint (one that never waits for readers or writers) a few times a second, so
 * requests do not carry that cost, and starts the log afresh once it grows past
 * {@link RESTART_PAGES}. The request connection keeps a much higher automatic
 * checkpoint threshold as a backstop, should the worker fall behind or fail. The worker's code is
 * `checkpoint-worker.js`.
 */
import { Worker } from 'node:worker_threads';

/** How often the worker checkpoints (ms). */
export const CHECKPOINT_INTERVAL_MS = 250;

/**
 * Log pages after which the worker starts the log afresh (about 16 MB): a steady stream of writes
 * never lets a passive checkpoint catch up, and only a log fully copied is started afresh.
 */
export const RESTART_PAGES = 4_000;

/** Pages still to copy at most when the worker restarts the log (what the writer waits for). */
export const RESTART_REMAINDER_PAGES = 500;

/** Log pages after which the request connection checkpoints itself (the backstop; about 40 MB). */
export const BACKSTOP_AUTOCHECKPOINT_PAGES = 10_000;

/** A running checkpointer. */
export interface SqliteCheckpointer {
  /** Stops the worker and closes its connection. */
  stop(): Promise<void>;
}

/**
 * Starts checkpointing the database `file` from a worker thread every `intervalMs`, starting the
 * log afresh past `restartPages`; `onFailure` hears once if the worker cannot open the file or a
 * checkpoint fails (the backstop then takes over).
 */
export function startSqliteCheckpointer(
  file: string,
  onFailure: (message: string) => void,
  intervalMs = CHECKPOINT_INTERVAL_MS,
  restartPages = RESTART_PAGES,
): SqliteCheckpointer {
  const restartRemainder = Math.min(RESTART_REMAINDER_PAGES, Math.ceil(restartPages / 8));
  // A module file of its own, next to this one in the sources and in the build.
  const worker = new Worker(new URL('./checkpoint-worker.js', import.meta.url), {
    workerData: { file, intervalMs, restartPages, restartRemainder },
  });
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
      // Held until it has exited: an unreferenced worker would let the process end with the stop
      // still pending (a script's `await sandbox.stop()` would never return).
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
