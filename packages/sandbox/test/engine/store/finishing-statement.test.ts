/**
 * The finishing statement of a transaction (sent with the commit on PostgreSQL): committed with
 * the rest, rolled back with the rest, and when it fails the transaction fails with its error
 * and leaves nothing behind.
 */
import { expect, it } from 'vitest';
import { finishWith } from '../../../src/engine/store/finishing-statement.js';
import { counterNamed, insertCounter } from '../../support/counter-queries.js';
import { describeEngines } from '../../support/harness.js';

describeEngines('a finishing statement', (sandbox) => {
  it('is committed with the statements before it', async () => {
    const store = sandbox().sandbox.store;
    await store.transaction(async (trx) => {
      await insertCounter.execute(trx, { name: 'finish/a', value: 1 });
      await finishWith(trx, () => insertCounter.execute(trx, { name: 'finish/b', value: 2 }));
    });
    expect(await counterNamed.execute(store.db, { name: 'finish/a' })).toEqual([{ name: 'finish/a', value: 1 }]);
    expect(await counterNamed.execute(store.db, { name: 'finish/b' })).toEqual([{ name: 'finish/b', value: 2 }]);
  });

  it('runs inside the transaction: rolled back when the work fails after it', async () => {
    const store = sandbox().sandbox.store;
    await expect(
      store.transaction(async (trx) => {
        await finishWith(trx, () => insertCounter.execute(trx, { name: 'finish/c', value: 1 }));
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    expect(await counterNamed.execute(store.db, { name: 'finish/c' })).toEqual([]);
  });

  it('fails the transaction with its own error when it fails, and nothing is committed', async () => {
    const store = sandbox().sandbox.store;
    await insertCounter.execute(store.db, { name: 'finish/taken', value: 1 });
    const failed = store.transaction(async (trx) => {
      await insertCounter.execute(trx, { name: 'finish/d', value: 1 });
      // The primary key is taken: the insert fails.
      await finishWith(trx, () => insertCounter.execute(trx, { name: 'finish/taken', value: 2 }));
    });
    await expect(failed).rejects.toThrow(/unique|duplicate/i);
    expect(await counterNamed.execute(store.db, { name: 'finish/d' })).toEqual([]);
    expect(await counterNamed.execute(store.db, { name: 'finish/taken' })).toEqual([
      { name: 'finish/taken', value: 1 },
    ]);
  });

  it('is waited for by a statement sent after it', async () => {
    const store = sandbox().sandbox.store;
    const read = await store.transaction(async (trx) => {
      await finishWith(trx, () => insertCounter.execute(trx, { name: 'finish/e', value: 3 }));
      return counterNamed.execute(trx, { name: 'finish/e' });
    });
    expect(read).toEqual([{ name: 'finish/e', value: 3 }]);
  });
});
