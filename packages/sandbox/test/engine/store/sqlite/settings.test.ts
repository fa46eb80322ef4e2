/**
 * The settings of the SQLite connection that durability and speed rest on: the write-ahead log,
 * commits without a sync (a killed process loses nothing committed), foreign keys, and journals
 * of savepoints kept in memory (each transaction of a commit group runs in one).
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTempSqliteStore } from '../../../support/temp-sqlite-store.js';

describe('the SQLite connection', () => {
  const temp = useTempSqliteStore('svc-sqlite-settings-');

  const pragma = async (name: string): Promise<unknown> => {
    const { rows } = await sql.raw<Record<string, unknown>>(`PRAGMA ${name}`).execute(temp.store.db);
    return Object.values(rows[0] ?? {})[0];
  };

  it.each([
    ['journal_mode', 'wal'],
    ['synchronous', 1], // NORMAL
    ['foreign_keys', 1],
    ['temp_store', 2], // MEMORY
  ])('has %s = %s', async (name, value) => {
    expect(await pragma(name)).toBe(value);
  });
});
