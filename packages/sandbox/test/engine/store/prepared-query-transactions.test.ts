/**
 * Prepared queries inside transactions go through Kysely's executor like any query (a plugin sees
 * them, on SQLite too), give what Kysely gives, fail alone, and their writes are seen by the
 * SQLite read cache. On PostgreSQL they run as named statements.
 */
import { type KyselyPlugin, sql } from 'kysely';
import { expect, it } from 'vitest';
import type { CountersTable } from '../../../src/engine/store/engine-tables.js';
import { affectedRows, prepareQuery } from '../../../src/engine/store/prepared-query.js';
import { counterNamed, insertCounter } from '../../support/counter-queries.js';
import { describeEngines } from '../../support/harness.js';

const setCounter = prepareQuery<CountersTable, never>((db, p) =>
  db.updateTable('counters').set({ value: p.value }).where('name', '=', p.name),
);

describeEngines('prepared queries in transactions', (sandbox, engine) => {
  it("go through Kysely's executor: a plugin sees each of them", async () => {
    const store = sandbox().sandbox.store;
    let results = 0;
    const countResults: KyselyPlugin = {
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        results++;
        return result;
      },
    };
    const rows = await store.db
      .withPlugin(countResults)
      .transaction()
      .execute(async (trx) => {
        await insertCounter.execute(trx, { name: 'plugin/a', value: 1 });
        return counterNamed.execute(trx, { name: 'plugin/a' });
      });
    expect(rows).toEqual([{ name: 'plugin/a', value: 1 }]);
    expect(results).toBe(2);
  });

  it('give what Kysely gives: rows of a read, changed rows and insert id of a write', async () => {
    const store = sandbox().sandbox.store;
    await store.transaction(async (trx) => {
      const inserted = await insertCounter.executeResult(trx, { name: 'direct/a', value: 4 });
      expect(affectedRows(inserted)).toBe(1);
      const viaKysely = await sql`insert into counters (name, value) values (${'direct/b'}, ${5})`.execute(trx);
      expect(affectedRows(viaKysely)).toBe(1);
      expect(typeof inserted.insertId).toBe(typeof viaKysely.insertId);
      expect(await counterNamed.execute(trx, { name: 'direct/a' })).toEqual([{ name: 'direct/a', value: 4 }]);
      expect(affectedRows(await setCounter.executeResult(trx, { name: 'direct/none', value: 1 }))).toBe(0);
    });
    expect(await counterNamed.executeTakeFirst(store.db, { name: 'direct/a' })).toEqual({ name: 'direct/a', value: 4 });
  });

  it('reject on a failing statement, and the transaction rolls back alone', async () => {
    const store = sandbox().sandbox.store;
    await insertCounter.execute(store.db, { name: 'direct/c', value: 1 });
    const failing = store.transaction(async (trx) => {
      await setCounter.execute(trx, { name: 'direct/c', value: 2 });
      await insertCounter.execute(trx, { name: 'direct/c', value: 3 });
    });
    const succeeding = store.transaction(async (trx) => {
      await insertCounter.execute(trx, { name: 'direct/d', value: 1 });
    });
    await expect(failing).rejects.toThrow(/UNIQUE|duplicate key/);
    await succeeding;
    expect(await counterNamed.executeTakeFirst(store.db, { name: 'direct/c' })).toEqual({ name: 'direct/c', value: 1 });
    expect(await counterNamed.executeTakeFirst(store.db, { name: 'direct/d' })).toEqual({ name: 'direct/d', value: 1 });
  });

  it('are seen by the read cache: a kept read is not answered after a direct write', async () => {
    const store = sandbox().sandbox.store;
    await insertCounter.execute(store.db, { name: 'direct/e', value: 1 });
    expect((await counterNamed.executeTakeFirst(store.db, { name: 'direct/e' }))?.value).toBe(1);
    expect((await counterNamed.executeTakeFirst(store.db, { name: 'direct/e' }))?.value).toBe(1);
    await store.transaction(async (trx) => {
      await setCounter.execute(trx, { name: 'direct/e', value: 2 });
      expect((await counterNamed.executeTakeFirst(trx, { name: 'direct/e' }))?.value).toBe(2);
    });
    expect((await counterNamed.executeTakeFirst(store.db, { name: 'direct/e' }))?.value).toBe(2);
  });

  if (engine === 'postgres') {
    it('run as named statements of the connection', async () => {
      const store = sandbox().sandbox.store;
      const prepared = await store.db.connection().execute(async (connection) => {
        await counterNamed.execute(connection, { name: 'named/a' });
        return (
          await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(
            connection,
          )
        ).rows;
      });
      expect(prepared).toContainEqual({
        name: expect.stringMatching(/^svc_\d+$/),
        statement: expect.stringContaining('from "counters"'),
      });
    });
  }
});
