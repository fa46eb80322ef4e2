/**
 * Prepared statements reused by SQL text. Kysely's SQLite driver prepares every query anew;
 * better-sqlite3 statements can be run again and again, and preparing is a noticeable part of a
 * request's time. Queries run one at a time on the one connection (Kysely serialises them), so
 * sharing a statement is safe.
 */
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import { setBounded } from './bounded-map.js';

/** Largest number of statements kept (least recently used ones are dropped). */
export const STATEMENT_CACHE_SIZE = 500;

/** Options of {@link withStatementCache}. */
export interface StatementCacheOptions {
  /** Largest number of statements kept (default {@link STATEMENT_CACHE_SIZE}). */
  size?: number;
  /** Told of every statement before it runs (the query layer prepares each one right before). */
  onStatement?(sql: string): void;
  /** Told when a script runs through `exec`, whose effect is not known. */
  onExec?(): void;
}

/** `database`, with `prepare` answering from a cache of statements by SQL text. */
export function withStatementCache(database: SqliteDatabase, options: StatementCacheOptions = {}): SqliteDatabase {
  const { size = STATEMENT_CACHE_SIZE, onStatement, onExec } = options;
  const cache = new Map<string, Statement>();
  const prepare = database.prepare.bind(database);
  const exec = database.exec.bind(database);
  const notedExec = (source: string): SqliteDatabase => {
    onExec?.();
    return exec(source);
  };
  const cachedPrepare = (source: string): Statement => {
    onStatement?.(source);
    let statement = cache.get(source);
    if (statement) {
      // Most recently used last, so the oldest key is the least recently used one.
      cache.delete(source);
    } else {
      statement = prepare(source);
    }
    setBounded(cache, source, statement, size);
    return statement;
  };
  return new Proxy(database, {
    get(target, property, receiver) {
      if (property === 'prepare') {
        return cachedPrepare;
      }
      if (property === 'exec') {
        return notedExec;
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
