/**
 * The SQLite side of the store: one better-sqlite3 connection with the settings durability and
 * speed rest on, and Kysely on it through a composed dialect whose driver is Kysely's
 * `SqliteDriver` over the statement cache, wrapped by the read cache and then by group commit.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely } from 'kysely';
import type { Database } from '../database.js';
import { answerKeptReads } from '../kept-reads.js';
import { preparedReadTables } from '../prepared-query.js';
import { cachedStatements } from '../statement-cache.js';
import { BACKSTOP_AUTOCHECKPOINT_PAGES } from './checkpointer.js';
import { type GroupCommit, groupCommitSqliteDialect } from './group-commit.js';
import { createSqliteReadCache } from './read-cache.js';
import { ReadCachingDriver } from './read-cache-driver.js';

/** File name of the SQLite database inside the data directory. */
export const SQLITE_FILE_NAME = 'sandbox.sqlite';

/** Where a SQLite store lives: in memory, or a file in a data directory. */
export type SqliteLocation = { kind: 'memory' } | { kind: 'sqlite'; dataDir: string };

/** An open SQLite database of the store. */
export interface OpenedSqlite {
  db: Kysely<Database>;
  groupCommit: GroupCommit;
  /** Where the data lives, for people. */
  description: string;
  /** The database file (none in memory): what the checkpointer opens. */
  file?: string;
}

/** Opens the SQLite database at `location`. */
export function openSqlite(location: SqliteLocation): OpenedSqlite {
  let file = ':memory:';
  if (location.kind === 'sqlite') {
    const dir = resolve(location.dataDir);
    mkdirSync(dir, { recursive: true });
    file = join(dir, SQLITE_FILE_NAME);
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
    // A worker thread checkpoints (checkpointer.ts); this is the backstop.
    sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_AUTOCHECKPOINT_PAGES}`);
  }
  const readCache = createSqliteReadCache(sqlite);
  // The statement cache tells the read cache of every statement before it runs.
  const database = cachedStatements(sqlite, { onStatement: (sql) => readCache.noteStatement(sql) });
  let readCaching: ReadCachingDriver | undefined;
  const { dialect, groupCommit } = groupCommitSqliteDialect({ database }, (driver) => {
    readCaching = new ReadCachingDriver(driver, readCache, preparedReadTables);
    return readCaching;
  });
  const db = new Kysely<Database>({ dialect });
  const caching = readCaching;
  if (caching) {
    // Kept reads are answered before Kysely's executor (`kept-reads.ts`); the store hands the same
    // lookup to each of its transactions.
    answerKeptReads(db, (query) => caching.keptResult(query));
  }
  return {
    db,
    groupCommit,
    description: location.kind === 'memory' ? 'memory (gone when the process stops)' : file,
    file: location.kind === 'memory' ? undefined : file,
  };
}
