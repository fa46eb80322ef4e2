/**
 * The statement cache of the SQLite driver: each SQL text is prepared once and its statement run
 * again and again; at most `size` are kept, the first prepared dropped first; a hit prepares
 * nothing and keeps the order.
 */
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedStatements } from '../../../src/engine/store/statement-cache.js';

describe('cachedStatements', () => {
  let sqlite: Database.Database | undefined;
  afterEach(() => sqlite?.close());

  /** A cache of `size` over an in-memory database, and the texts the database was asked to prepare. */
  function cacheOf(size: number) {
    sqlite = new Database(':memory:');
    const prepared: string[] = [];
    const real = sqlite.prepare.bind(sqlite);
    sqlite.prepare = ((source: string) => {
      prepared.push(source);
      return real(source);
    }) as typeof sqlite.prepare;
    return { cache: cachedStatements(sqlite, { size }), prepared };
  }

  it('prepares a text once and hands out the same statement after', () => {
    const { cache, prepared } = cacheOf(10);
    const first = cache.prepare('select 1');
    expect(cache.prepare('select 1')).toBe(first);
    expect(cache.prepare('select 1')).toBe(first);
    expect(prepared).toEqual(['select 1']);
  });

  it('keeps at most size statements, the first prepared dropped first, whatever ran since', () => {
    const { cache, prepared } = cacheOf(2);
    cache.prepare('select 1');
    cache.prepare('select 2');
    cache.prepare('select 1'); // a hit
    cache.prepare('select 3'); // drops select 1, the first prepared
    cache.prepare('select 2'); // still kept
    cache.prepare('select 1'); // prepared again
    expect(prepared).toEqual(['select 1', 'select 2', 'select 3', 'select 1']);
  });
});
