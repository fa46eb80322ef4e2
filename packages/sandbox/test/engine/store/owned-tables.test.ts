/**
 * The list of owned tables (what a reset empties and a PostgreSQL reset drops) is exactly the set
 * of tables the migrations create.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../src/engine/store/open-store.js';
import { OWNED_TABLES } from '../../../src/engine/store/owned-tables.js';

describe('OWNED_TABLES', () => {
  let store: Store | undefined;
  afterAll(() => store?.close());

  it('names every table of a migrated store, and nothing else', async () => {
    store = await openStore({ kind: 'memory' });
    const tables = await store.db.introspection.getTables({ withInternalKyselyTables: true });
    expect([...OWNED_TABLES].sort()).toEqual(tables.map((table) => table.name).sort());
  });
});
