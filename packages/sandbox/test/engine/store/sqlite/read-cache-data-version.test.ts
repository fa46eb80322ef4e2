/**
 * The read cache reads SQLite's `PRAGMA data_version` once per turn of the event loop: lookups
 * with no statement between them in one turn share one check; a statement, or the next turn,
 * makes the next lookup check again, so a commit of another connection is seen from then on.
 */
import type { Database as SqliteDatabase } from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createSqliteReadCache } from '../../../../src/engine/store/sqlite/read-cache.js';

/** A connection whose only statement is `PRAGMA data_version`, counting its reads. */
function fakeConnection() {
  const state = { dataVersion: 1, reads: 0 };
  const statement = {
    pluck: () => statement,
    get: () => {
      state.reads++;
      return state.dataVersion;
    },
  };
  const connection = { prepare: () => statement, inTransaction: false } as unknown as SqliteDatabase;
  return { state, cache: createSqliteReadCache(connection) };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const TABLES = ['counters'];

describe('the read cache and PRAGMA data_version', () => {
  it('checks once for lookups in one turn with no statement between them', async () => {
    const { state, cache } = fakeConnection();
    await nextTurn();
    cache.store('a', TABLES, cache.ticket(TABLES), [{ value: 1 }]);
    const before = state.reads;
    expect(cache.lookup('a', TABLES)).toEqual([{ value: 1 }]);
    expect(cache.lookup('a', TABLES)).toEqual([{ value: 1 }]);
    expect(cache.lookup('a', TABLES)).toEqual([{ value: 1 }]);
    expect(state.reads - before).toBe(0);
  });

  it('checks again after a statement and in the next turn, and drops what another connection changed', async () => {
    const { state, cache } = fakeConnection();
    cache.store('a', TABLES, cache.ticket(TABLES), [{ value: 1 }]);
    expect(cache.lookup('a', TABLES)).toEqual([{ value: 1 }]);
    const before = state.reads;
    cache.noteStatement('select 1');
    expect(cache.lookup('a', TABLES)).toEqual([{ value: 1 }]);
    expect(state.reads - before).toBe(1);
    // Another connection commits; this turn's next lookups answer as of the last check.
    state.dataVersion = 2;
    await nextTurn();
    expect(cache.lookup('a', TABLES)).toBeUndefined();
    expect(state.reads - before).toBe(2);
  });
});
