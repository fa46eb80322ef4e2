/**
 * Opens the store on one of its engines, applies the migrations and hands back one query layer
 * (Kysely) for both: SQLite through better-sqlite3 (a file in the data directory, or memory), or
 * PostgreSQL through `pg` for a sandbox shared by several instances.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './database.js';
import { handOut } from './engine-of.js';
import { type Engine, migrationProvider } from './migrations/index.js';
import { createStatementNames, withNamedStatements } from './postgres/named-statements.js';
import { preparedReadTables } from './prepared-query.js';
import { BACKSTOP_AUTOCHECKPOINT_PAGES, startSqliteCheckpointer } from './sqlite/checkpointer.js';
import { type GroupCommit, groupCommitSqliteDialect } from './sqlite/group-commit.js';
import { createSqliteReadCache } from './sqlite/read-cache.js';
import { ReadCachingDriver } from './sqlite/read-cache-driver.js';
import { cachedStatements } from './statement-cache.js';

/** Where the store lives. */
export type StoreLocation =
  | { kind: 'memory' }
  | { kind: 'sqlite'; dataDir: string }
  | { kind: 'postgres'; url: string };

/** File name of the SQLite database inside the data directory. */
export const SQLITE_FILE_NAME = 'sandbox.sqlite';

/**
 * Every table the sandbox owns, children before parents (a reset deletes in this order); the
 * migrations' own bookkeeping last. A migration adding a table adds it at the start.
 */
export const OWNED_TABLES = [
  'payments',
  'payment_recipients',
  'application_scopes',
  'applications',
  'financial_institution_clients',
  'signal_evaluations',
  'asset_report_audit_copies',
  'asset_reports',
  'auditors',
  'employers',
  'bank_transfer_events',
  'bank_transfers',
  'transfer_events',
  'transfers',
  'transfer_authorizations',
  'idempotency_keys',
  'migrated_accounts',
  'bank_transfer_settings',
  'origination_accounts',
  'transactions',
  'product_extractions',
  'webhook_attempts',
  'webhook_outbox',
  'counters',
  'tokens',
  'accounts',
  'items',
  'institutions',
  'clients',
  'kysely_migration',
  'kysely_migration_lock',
] as const;

/** An open store. */
export interface Store {
  engine: Engine;
  db: Kysely<Database>;
  /** Where the data lives, for people: a file path, `memory`, or the database URL without its password. */
  description: string;
  /**
   * Runs `work` in one transaction: every change in it is committed together or not at all, and
   * it is committed when this resolves.
   */
  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  /**
   * Resolves once everything done on the store so far is committed (SQLite commits transactions
   * in groups); a response waits for it, so it never shows what a crash could take away.
   */
  settled(): Promise<void>;
  /** Closes the connections. */
  close(): Promise<void>;
}

/** Options of {@link openStore}. */
export interface OpenStoreOptions {
  /** Delete every sandbox table first (the data directory's database, or the tables in PostgreSQL). */
  reset?: boolean;
  /** Largest number of PostgreSQL connections of this instance (default 10). */
  poolSize?: number;
  /** Hears of trouble that does not stop the store (the SQLite checkpointer failing). */
  onWarning?(message: string): void;
}

/** Opens the store at `location`, resets it when asked, and migrates it to the latest schema. */
export async function openStore(location: StoreLocation, options: OpenStoreOptions = {}): Promise<Store> {
  const { db, engine, description, file, groupCommit } = connect(location, options);
  try {
    if (options.reset && location.kind === 'postgres') {
      for (const table of OWNED_TABLES) {
        await db.schema.dropTable(table).ifExists().cascade().execute();
      }
    }
    const migrator = new Migrator({ db, provider: migrationProvider(engine) });
    const { error, results } = await migrator.migrateToLatest();
    if (error) {
      const failed = results?.find((result) => result.status === 'Error');
      throw new Error(
        `the ${engine} store could not be migrated${failed ? ` (migration ${failed.migrationName})` : ''}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  } catch (error) {
    await db.destroy();
    throw error;
  }
  // After the migrations, so that the file exists; the last connection to close checkpoints last.
  const checkpointer =
    file === undefined
      ? undefined
      : startSqliteCheckpointer(file, (message) =>
          options.onWarning?.(
            `the SQLite checkpointer stopped (${message}); requests now checkpoint the log themselves`,
          ),
        );
  // Prepared queries compile once per engine for the database and every transaction handed out.
  handOut(db, engine);
  const inTransaction =
    <T>(work: (trx: Transaction<Database>) => Promise<T>) =>
    (trx: Transaction<Database>): Promise<T> =>
      work(handOut(trx, engine));
  return {
    engine,
    db,
    description,
    transaction: groupCommit
      ? (work) => groupCommit.transaction(db, inTransaction(work))
      : (work) => db.transaction().execute(inTransaction(work)),
    settled: groupCommit ? () => groupCommit.settled() : () => Promise.resolve(),
    close: async () => {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

function connect(
  location: StoreLocation,
  options: OpenStoreOptions,
): { db: Kysely<Database>; engine: Engine; description: string; file?: string; groupCommit?: GroupCommit } {
  if (location.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: location.url,
      max: options.poolSize ?? 10,
      Client: withNamedStatements(pg.Client, createStatementNames()),
    });
    // A connection that breaks (the server stopped or restarted) must not crash the process: the
    // query under way fails and is answered 503; the pool opens new connections later.
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      engine: 'postgres',
      description: redactUrl(location.url),
    };
  }
  let file = ':memory:';
  if (location.kind === 'sqlite') {
    const dir = resolve(location.dataDir);
    mkdirSync(dir, { recursive: true });
    file = join(dir, SQLITE_FILE_NAME);
    if (options.reset) {
      for (const suffix of ['', '-wal', '-shm']) {
        rmSync(`${file}${suffix}`, { force: true });
      }
    }
  }
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Savepoints (every transaction of a commit group has one) keep the original of each page they
  // change in a sub-journal, used only to roll the savepoint back: in memory, instead of a
  // temporary file written page by page. Durability is the write-ahead log's alone.
  sqlite.pragma('temp_store = MEMORY');
  if (location.kind === 'sqlite') {
    // A worker thread checkpoints (sqlite-checkpointer.ts); this is the backstop.
    sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_AUTOCHECKPOINT_PAGES}`);
  }
  const readCache = createSqliteReadCache(sqlite);
  // Kysely's SQLite driver over the statement cache, which tells the read cache of every
  // statement; the read cache's layer, then group commit, around it.
  const database = cachedStatements(sqlite, { onStatement: (sql) => readCache.noteStatement(sql) });
  const { dialect, groupCommit } = groupCommitSqliteDialect(
    { database },
    (driver) => new ReadCachingDriver(driver, readCache, preparedReadTables),
  );
  const db = new Kysely<Database>({ dialect });
  return {
    db,
    groupCommit,
    engine: 'sqlite',
    description: location.kind === 'memory' ? 'memory (gone when the process stops)' : file,
    file: location.kind === 'memory' ? undefined : file,
  };
}

/** A database URL without its password: `postgres://svc:***@127.0.0.1:5432/sandbox`. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) {
      parsed.password = '***';
    }
    return parsed.toString();
  } catch {
    return '(a database URL that is not a valid URL)';
  }
}
