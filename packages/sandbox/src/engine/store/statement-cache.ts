/**
 * Prepared statements reused by SQL text. Kysely's SQLite driver asks its database to prepare
 * every query anew; better-sqlite3 statements can be run again and again, and preparing is a
 * noticeable part of a request's time. The driver is given {@link cachedStatements} as its
 * database (Kysely's `SqliteDatabase` interface: `prepare` and `close`), which answers `prepare`
 * from a cache. Queries run one at a time on the one connection (Kysely serialises them), so
 * sharing a statement is safe.
 */
import type { Database as BetterSqliteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';
import { setBounded } from './bounded-map.js';

/** Largest number of statements kept (beyond it, the first prepared is dropped first). */
export const STATEMENT_CACHE_SIZE = 500;

/** Options of {@link cachedStatements}. */
export interface StatementCacheOptions {
  /** Largest number of statements kept (default {@link STATEMENT_CACHE_SIZE}). */
  size?: number;
  /** Told of every statement before it runs (the driver prepares each one right before). */
  onStatement?(sql: string): void;
}

/** The database Kysely's `SqliteDriver` is given: `sqlite`, with `prepare` answering from a cache by SQL text. */
export function cachedStatements(sqlite: BetterSqliteDatabase, options: StatementCacheOptions = {}): SqliteDatabase {
  const { size = STATEMENT_CACHE_SIZE, onStatement } = options;
  const cache = new Map<string, Statement>();
  return {
    prepare(source) {
      onStatement?.(source);
      let statement = cache.get(source);
      if (statement === undefined) {
        statement = sqlite.prepare(source);
        setBounded(cache, source, statement, size);
      }
      // A hit leaves the order as it is: moving the entry to the end (a delete and a set on every
      // statement run, 5 µs of a write request's CPU, profiled) would only matter past `size`
      // texts, which the sandbox's few dozen statement texts never reach.
      return statement;
    },
    close() {
      cache.clear();
      sqlite.close();
    },
  };
}
