/**
 * Bare databases to run the store's migrations on step by step (Kysely's `Migrator`), one per
 * engine: an in-memory SQLite database with foreign keys enforced, as the store opens its own,
 * and a fresh PostgreSQL database of the test run's server.
 */
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database } from '../../src/engine/store/database.js';
import type { Engine } from '../../src/engine/store/migrations/index.js';
import { createTestDatabase } from './postgres.js';

/** A bare database of one engine, and how to close it. */
export interface MigrationDatabase {
  db: Kysely<Database>;
  close(): Promise<void>;
}

/** Per engine, `[name, open]`, for `describe.each`. */
export const MIGRATION_ENGINES: [Engine, () => Promise<MigrationDatabase>][] = [
  [
    'sqlite',
    async () => {
      const database = new SqliteDatabase(':memory:');
      database.pragma('foreign_keys = on');
      const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
      return { db, close: () => db.destroy() };
    },
  ],
  [
    'postgres',
    async () => {
      const pool = new pg.Pool({ connectionString: await createTestDatabase(inject('pgAdminUrl')), max: 2 });
      const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
      return { db, close: () => db.destroy() };
    },
  ],
];
