/**
 * Prepared queries: compiled once per dialect, then run with new values, on SQLite and
 * PostgreSQL, inside and outside transactions.
 */
import { expect, it } from 'vitest';
import { affectedRows, prepareQuery } from '../../../src/engine/store/prepared-query.js';
import { counterNamed, insertCounter } from '../../support/counter-queries.js';
import { describeEngines } from '../../support/harness.js';

const bumpIfBelow = prepareQuery<{ name: string; below: number }, never>((db, p) =>
  db
    .updateTable('counters')
    // A constant in the query (the 1) stays a parameter of its own, next to the placeholders.
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', p.name)
    .where('value', '<', p.below),
);

describeEngines('prepared queries', (sandbox) => {
  it('fills the placeholders with the values of each call', async () => {
    const db = sandbox().sandbox.store.db;
    await insertCounter.execute(db, { name: 'prepared/a', value: 3 });
    await insertCounter.execute(db, { name: 'prepared/b', value: 7 });
    expect(await counterNamed.executeTakeFirst(db, { name: 'prepared/a' })).toEqual({ name: 'prepared/a', value: 3 });
    expect(await counterNamed.executeTakeFirst(db, { name: 'prepared/b' })).toEqual({ name: 'prepared/b', value: 7 });
    expect(await counterNamed.executeTakeFirst(db, { name: 'prepared/none' })).toBeUndefined();
  });

  it('keeps the constants of the query and counts the rows a write changed', async () => {
    const db = sandbox().sandbox.store.db;
    await insertCounter.execute(db, { name: 'prepared/c', value: 1 });
    expect(affectedRows(await bumpIfBelow.executeResult(db, { name: 'prepared/c', below: 2 }))).toBe(1);
    expect(affectedRows(await bumpIfBelow.executeResult(db, { name: 'prepared/c', below: 2 }))).toBe(0);
    expect((await counterNamed.executeTakeFirst(db, { name: 'prepared/c' }))?.value).toBe(2);
  });

  it('runs inside a transaction and is rolled back with it', async () => {
    const store = sandbox().sandbox.store;
    await expect(
      store.transaction(async (trx) => {
        await insertCounter.execute(trx, { name: 'prepared/d', value: 1 });
        expect(await counterNamed.executeTakeFirst(trx, { name: 'prepared/d' })).toBeDefined();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await counterNamed.executeTakeFirst(store.db, { name: 'prepared/d' })).toBeUndefined();
  });

  it('refuses to run without a value for a placeholder', async () => {
    const db = sandbox().sandbox.store.db;
    await expect(counterNamed.execute(db, {} as { name: string })).rejects.toThrow(
      'prepared query: no value for the placeholder "name"',
    );
  });
});
