/**
 * A SQLite store in a temporary directory of its own, opened before each test of the calling
 * `describe` block and closed and removed after it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { openStore, type Store } from '../../src/engine/store/open-store.js';

/** The current test's store and its directory (read them inside tests and hooks only). */
export interface TempSqliteStore {
  readonly store: Store;
  readonly dir: string;
}

/** Registers the hooks; `prefix` names the temporary directory. */
export function useTempSqliteStore(prefix: string): TempSqliteStore {
  let current: { store: Store; dir: string } | undefined;
  beforeEach(async () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    current = { dir, store: await openStore({ kind: 'sqlite', dataDir: dir }) };
  });
  afterEach(async () => {
    await current?.store.close();
    if (current) {
      rmSync(current.dir, { recursive: true, force: true });
    }
    current = undefined;
  });
  const opened = () => {
    if (!current) {
      throw new Error('the temporary store is open only during a test');
    }
    return current;
  };
  return {
    get store() {
      return opened().store;
    },
    get dir() {
      return opened().dir;
    },
  };
}
