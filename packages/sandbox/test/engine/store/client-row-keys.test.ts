/**
 * The columns a fork gives new values (`client-row-keys.ts`) are exactly what the schema says:
 * every text column of a snapshot's table that is unique on its own (but `client_id`, replaced as
 * a whole, and the counters' names, which hold the client id) or one of the ids derived from their
 * Item's id (unique store-wide by construction, indexed unique within their Item), and every
 * auto-increment column, read from a migrated SQLite store.
 */
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { GENERATED_NUMBER_COLUMNS, STORE_WIDE_KEY_COLUMNS } from '../../../src/engine/store/client-row-keys.js';
import { CLIENT_SNAPSHOT_TABLES } from '../../../src/engine/store/client-rows.js';
import { openStore, type Store } from '../../../src/engine/store/open-store.js';

/** Unique columns whose values hold the client id: a fork replaces the id in them. */
const HOLDING_THE_CLIENT_ID = new Set(['client_id', 'counters.name']);

/**
 * Ids derived from their Item's id (`derivedId`), so unique store-wide by construction: the store
 * keeps them unique within their Item only (`(item_id, <id>)`), which spares an index of random
 * ids (migration 0027).
 */
const DERIVED_FROM_ITEM = new Set(['transactions.transaction_id']);

/** The column unique key `columns` of `table` makes unique store-wide, if any. */
function keyOfItsOwn(table: string, columns: readonly string[]): string | undefined {
  if (columns.length === 1) {
    return columns[0];
  }
  const [first, second] = columns;
  return columns.length === 2 && first === 'item_id' && DERIVED_FROM_ITEM.has(`${table}.${second}`)
    ? second
    : undefined;
}

describe('the columns a fork renames', () => {
  let store: Store | undefined;
  afterAll(() => store?.close());

  it('are every single-column unique text column and every auto-increment column of the snapshot tables', async () => {
    store = await openStore({ kind: 'memory' });
    const db = store.db;
    const keys: Record<string, string[]> = {};
    const generated: Record<string, string> = {};
    for (const table of CLIENT_SNAPSHOT_TABLES) {
      const columns = (
        await sql<{ name: string; type: string; pk: number }>`select * from pragma_table_info(${table})`.execute(db)
      ).rows;
      const typeOf = new Map(columns.map((column) => [column.name, column.type.toLowerCase()]));
      const unique: string[][] = [];
      const primaryKey = columns.filter((column) => column.pk > 0).map((column) => column.name);
      unique.push(primaryKey);
      const indexes = (
        await sql<{ name: string; unique: number }>`select * from pragma_index_list(${table})`.execute(db)
      ).rows;
      for (const index of indexes.filter((candidate) => candidate.unique === 1)) {
        unique.push(
          (await sql<{ name: string }>`select * from pragma_index_info(${index.name})`.execute(db)).rows.map(
            (column) => column.name,
          ),
        );
      }
      const single = [
        ...new Set(
          unique
            .map((columnsOfKey) => keyOfItsOwn(table, columnsOfKey))
            .filter((column) => column !== undefined)
            .filter((column) => typeOf.get(column) === 'text')
            .filter((column) => !HOLDING_THE_CLIENT_ID.has(column) && !HOLDING_THE_CLIENT_ID.has(`${table}.${column}`)),
        ),
      ].sort();
      if (single.length > 0) {
        keys[table] = single;
      }
      const ddl =
        (await sql<{ sql: string }>`select sql from sqlite_master where name = ${table}`.execute(db)).rows[0]?.sql ??
        '';
      const autoincrement = ddl.match(/"?(\w+)"?\s+integer primary key autoincrement/i);
      if (autoincrement?.[1]) {
        generated[table] = autoincrement[1];
      }
    }
    expect(
      Object.fromEntries(
        Object.entries(STORE_WIDE_KEY_COLUMNS).map(([table, columns]) => [table, [...(columns ?? [])].sort()]),
      ),
    ).toEqual(keys);
    expect(
      Object.fromEntries(Object.entries(GENERATED_NUMBER_COLUMNS).map(([table, number]) => [table, number?.column])),
    ).toEqual(generated);
  });
});
