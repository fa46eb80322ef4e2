/**
 * Prepared queries inside SQLite transactions run straight on the connection: same results as
 * through Kysely, errors that roll the transaction back, writes the read cache sees. On
 * PostgreSQL and outside transactions nothing changes.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { CountersTable } from '../../../../src/engine/store/engine-tables.js';
import { affectedRows, prepareQuery } from '../../../../src/engine/store/prepared-query.js';
import { directSqliteOf } from '../../../../src/engine/store/sqlite/extras.js';
import { counterNamed, insertCounter } from '../../../support/counter-queries.js';
import { describeEngines } from '../../../support/harness.js';

const setCounter = prepareQuery<CountersTable, never>((db, p) =>
  db.updateTable('counters').set({ value: p.value }).where('name', '=', p.name),
);

describeEngines('direct statements in transactions', (sandbox, engine) => {
  it('are used only inside transactions, and only on SQLite', async () => {
    const store = sandbox().sandbox.store;
    expect(directSqliteOf(store.db)).toBeUndefined();
    const inside = await store.transaction(async (trx) => directSqliteOf(trx));
    expect(inside === undefined).toBe(engine !== 'sqlite');
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
});
