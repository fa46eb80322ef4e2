/**
 * SQLite plans the store's statements without looking at the values bound to them. When the
 * planner reads a bound value (a `limit ?`, a `glob ?` or `like ?` pattern, a `column = ?` beside a
 * join or an `order by`), SQLite marks the statement to be prepared again whenever that value is
 * bound anew, and better-sqlite3 clears a statement's values after every run: such a statement
 * would be prepared again at every run. The program SQLite compiles for a statement (its `explain`)
 * is what shows whether a value was looked at: it must be the same whatever the values.
 */
import { CompiledQuery, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../src/engine/store/database.js';
import { openStore, type Store } from '../../../../src/engine/store/open-store.js';

/** The program SQLite compiles for `query` run with `parameters` in place of its own. */
async function programOf(
  db: Kysely<Database>,
  query: CompiledQuery,
  parameters: readonly unknown[],
): Promise<unknown[]> {
  const { rows } = await db.executeQuery(CompiledQuery.raw(`explain ${query.sql}`, [...parameters]));
  return rows;
}

describe('the SQLite store plans its statements without their values', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore({ kind: 'memory' });
  });
  afterAll(async () => {
    await store.close();
  });

  // What the program shows: an integer limit's value and a pattern's fixed prefix are compiled in
  // when the planner reads them (a number binds as a real, whose limit is not compiled in, but the
  // statement is prepared again all the same).
  const cases: { name: string; build: (db: Kysely<Database>) => CompiledQuery; values: [unknown[], unknown[]] }[] = [
    {
      name: 'a limit',
      build: (db) => db.selectFrom('clients').select('client_id').limit(1).compile(),
      values: [[1n], [2n]],
    },
    {
      name: 'a glob pattern',
      build: (db) => sql`select "client_id" from "clients" where "client_id" glob ${'a*'}`.compile(db),
      values: [['a*'], ['b*']],
    },
  ];

  it.each(cases)('$name', async ({ build, values: [first, second] }) => {
    const query = build(store.db);
    expect(query.parameters).toHaveLength(first.length);
    expect(await programOf(store.db, query, second)).toEqual(await programOf(store.db, query, first));
  });
});
