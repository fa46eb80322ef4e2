/**
 * A request's lookup run by the store alongside the request's work (`Store.withRequestLookup`),
 * on both engines: the work's outcome stands when the decision opens the gate; when it closes it,
 * or the read fails, nothing the work changed is committed and the reason comes back.
 */
import { CompiledQuery } from 'kysely';
import { expect, it } from 'vitest';
import type { GateDecision } from '../../../src/engine/store/request-lookup.js';
import { counterNamed, insertCounter } from '../../support/counter-queries.js';
import { describeEngines } from '../../support/harness.js';

const open = (): GateDecision => ({ open: true });
const closed = (): GateDecision => ({ open: false, reason: new Error('the lookup says no') });

describeEngines('a request lookup', (sandbox) => {
  it('hands the lookup its rows and lets the work commit when the gate opens', async () => {
    const { store } = sandbox().sandbox;
    await insertCounter.execute(store.db, { name: 'lookup/rule', value: 7 });
    const seen: unknown[][] = [];
    const looked = await store.withRequestLookup(
      {
        query: counterNamed.compile(store.db, { name: 'lookup/rule' }),
        decide: (rows) => {
          seen.push(rows);
          return open();
        },
      },
      () =>
        store.transaction(async (trx) => {
          await insertCounter.execute(trx, { name: 'lookup/a', value: 1 });
          return 'handled';
        }),
    );
    expect(looked).toEqual({ open: true, outcome: { status: 'fulfilled', value: 'handled' } });
    expect(seen).toEqual([[{ name: 'lookup/rule', value: 7 }]]);
    expect(await counterNamed.execute(store.db, { name: 'lookup/a' })).toEqual([{ name: 'lookup/a', value: 1 }]);
  });

  it('commits nothing of the work when the gate closes, and answers the reason', async () => {
    const { store } = sandbox().sandbox;
    const looked = await store.withRequestLookup(
      { query: counterNamed.compile(store.db, { name: 'lookup/none' }), decide: closed },
      () => store.transaction((trx) => insertCounter.execute(trx, { name: 'lookup/b', value: 1 })),
    );
    expect(looked).toMatchObject({ open: false, reason: { message: 'the lookup says no' } });
    expect(await counterNamed.execute(store.db, { name: 'lookup/b' })).toEqual([]);
  });

  it('commits nothing of a write outside a transaction when the gate closes', async () => {
    const { store } = sandbox().sandbox;
    const looked = await store.withRequestLookup(
      { query: counterNamed.compile(store.db, { name: 'lookup/none' }), decide: closed },
      () => insertCounter.execute(store.db, { name: 'lookup/c', value: 1 }),
    );
    expect(looked.open).toBe(false);
    expect(await counterNamed.execute(store.db, { name: 'lookup/c' })).toEqual([]);
  });

  it('decides from the rows when the work sends no statement', async () => {
    const { store } = sandbox().sandbox;
    const looked = await store.withRequestLookup(
      {
        query: counterNamed.compile(store.db, { name: 'lookup/none' }),
        decide: (rows) => (rows.length === 0 ? closed() : open()),
      },
      async () => 'no statement',
    );
    expect(looked).toMatchObject({ open: false, reason: { message: 'the lookup says no' } });
  });

  it('closes the gate with the error of a read that fails', async () => {
    const { store } = sandbox().sandbox;
    const looked = await store.withRequestLookup(
      { query: CompiledQuery.raw('select * from "no_such_table"'), decide: open },
      () => store.transaction((trx) => insertCounter.execute(trx, { name: 'lookup/d', value: 1 })),
    );
    expect(looked).toMatchObject({ open: false, reason: { message: expect.stringMatching(/no_such_table/) } });
    expect(await counterNamed.execute(store.db, { name: 'lookup/d' })).toEqual([]);
  });
});
