/**
 * The settings of the SQLite connection that durability and speed rest on: the write-ahead log,
 * commits without a sync (a killed process loses nothing committed), foreign keys, and journals
 * of savepoints kept in memory (each transaction of a commit group runs in one).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/open-store.js';

describe('the SQLite connection', () => {
  let dir: string;
  let store: Store;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'svc-sqlite-settings-'));
    store = await openStore({ kind: 'sqlite', dataDir: dir });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const pragma = async (name: string): Promise<unknown> => {
    const { rows } = await sql.raw<Record<string, unknown>>(`PRAGMA ${name}`).execute(store.db);
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
