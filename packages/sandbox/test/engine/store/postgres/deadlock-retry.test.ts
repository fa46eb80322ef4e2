/**
 * A transaction PostgreSQL picks as a deadlock's victim is run again by the store: two
 * transactions that lock two rows in opposite orders both end up committed, each having run its
 * work as often as it took (the victim twice), instead of one answering 500.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isConflictRollback, openStore, type Store } from '../../../../src/engine/store/open-store.js';
import { createTestDatabase } from '../../../support/postgres.js';

describe('a deadlocked transaction on PostgreSQL', () => {
  let store: Store | undefined;
  beforeAll(async () => {
    store = await openStore({ kind: 'postgres', url: await createTestDatabase(inject('pgAdminUrl')) });
    await store.db
      .insertInto('counters')
      .values([
        { name: 'deadlock/a', value: 0 },
        { name: 'deadlock/b', value: 0 },
      ])
      .execute();
  }, 60_000);
  afterAll(() => store?.close());

  it('is run again until it commits: both transactions stand', async () => {
    const db = (store as Store).db;
    const runs = { first: 0, second: 0 };
    // Each takes its first row, waits until the other has taken its own, then asks for the other's.
    let bothHold!: () => void;
    const holding = new Promise<void>((resolve) => {
      let count = 0;
      bothHold = () => {
        count += 1;
        if (count === 2) {
          resolve();
        }
      };
    });
    const bump = (name: string) => sql`update counters set value = value + 1 where name = ${name}`;
    const crossing = (key: 'first' | 'second', mine: string, theirs: string) =>
      (store as Store).transaction(async (trx) => {
        runs[key] += 1;
        await bump(mine).execute(trx);
        if (runs[key] === 1) {
          bothHold();
          await holding;
        }
        await bump(theirs).execute(trx);
      });
    await Promise.all([crossing('first', 'deadlock/a', 'deadlock/b'), crossing('second', 'deadlock/b', 'deadlock/a')]);
    // One of them was the victim: run twice; the other once.
    expect(runs.first + runs.second).toBe(3);
    const values = await db
      .selectFrom('counters')
      .select(['name', 'value'])
      .where('name', 'like', 'deadlock/%')
      .orderBy('name')
      .execute();
    expect(values.map((row) => Number(row.value))).toEqual([2, 2]);
  }, 60_000);

  it('knows a conflict rollback by its code', () => {
    expect(
      [{ code: '40P01' }, { code: '40001' }, { code: '23505' }, new Error('x'), null].map(isConflictRollback),
    ).toEqual([true, true, false, false, false]);
  });
});
