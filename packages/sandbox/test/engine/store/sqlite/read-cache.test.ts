/**
 * The SQLite read cache: which statements change what, and prepared reads that are reused only
 * while nothing they read has changed (through this connection, in a transaction, or through
 * another connection to the same file).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql, type Transaction } from 'kysely';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../../src/engine/store/database.js';
import { openStore, type Store } from '../../../../src/engine/store/open-store.js';
import { prepareQuery, tablesOf } from '../../../../src/engine/store/prepared-query.js';
import { SQLITE_FILE_NAME } from '../../../../src/engine/store/sqlite/open-sqlite.js';
import { type StatementEffect, statementEffect } from '../../../../src/engine/store/sqlite/read-cache.js';
import { together } from '../../../../src/engine/store/together.js';
import { counterNamed, insertCounter } from '../../../support/counter-queries.js';
import { useTempSqliteStore } from '../../../support/temp-sqlite-store.js';

describe('statementEffect', () => {
  const cases: [string, StatementEffect][] = [
    ['select * from "accounts" where "item_id" = ?', { kind: 'none' }],
    ['  SELECT 1', { kind: 'none' }],
    ['begin', { kind: 'none' }],
    ['commit', { kind: 'none' }],
    ['rollback', { kind: 'none' }],
    ['savepoint "sp1"', { kind: 'none' }],
    ['release "sp1"', { kind: 'none' }],
    ['PRAGMA data_version', { kind: 'none' }],
    ['insert into "counters" ("name", "value") values (?, ?)', { kind: 'write', table: 'counters' }],
    ['insert or replace into "items" ("item_id") values (?)', { kind: 'write', table: 'items' }],
    ['replace into "items" ("item_id") values (?)', { kind: 'write', table: 'items' }],
    ['update "tokens" set "revoked_at" = ? where "token" = ?', { kind: 'write', table: 'tokens' }],
    ['delete from "accounts" where "item_id" = ?', { kind: 'write', table: 'accounts' }],
    ['with "x" as (select 1) insert into "counters" select * from "x"', { kind: 'unknown' }],
    ['insert into counters values (1)', { kind: 'unknown' }],
    ['create table "t" ("a" text)', { kind: 'unknown' }],
    ['drop table "accounts"', { kind: 'unknown' }],
    ['PRAGMA wal_checkpoint(TRUNCATE)', { kind: 'unknown' }],
  ];
  it.each(cases)('%s', (statement, effect) => {
    expect(statementEffect(statement)).toEqual(effect);
  });
});

describe('tablesOf', () => {
  it('names the tables of the from clause and the joins', async () => {
    const store = await openStore({ kind: 'memory' });
    try {
      const query = store.db
        .selectFrom('tokens')
        .innerJoin('items', 'items.item_id', 'tokens.item_id')
        .select('tokens.token')
        .where('items.item_id', 'in', store.db.selectFrom('accounts').select('item_id'))
        .compile();
      expect(tablesOf(query.query)).toEqual(['accounts', 'items', 'tokens']);
    } finally {
      await store.close();
    }
  });
});

describe('prepared reads on SQLite', () => {
  const temp = useTempSqliteStore('svc-read-cache-');
  let store: Store;
  beforeEach(async () => {
    store = temp.store;
    await insertCounter.execute(store.db, { name: 'cache/a', value: 1 });
  });

  it('reuses the rows of an unchanged table, frozen', async () => {
    const first = await counterNamed.execute(store.db, { name: 'cache/a' });
    const second = await counterNamed.execute(store.db, { name: 'cache/a' });
    expect(second).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first[0])).toBe(true);
    // Other values of the placeholders are other results.
    expect(await counterNamed.execute(store.db, { name: 'cache/none' })).toEqual([]);
  });

  it("answers kept rows through Kysely's executor: a plugin sees each read", async () => {
    let results = 0;
    const db = store.db.withPlugin({
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        results++;
        return result;
      },
    });
    const first = await counterNamed.execute(db, { name: 'cache/a' });
    expect(await counterNamed.execute(db, { name: 'cache/a' })).toBe(first);
    expect(results).toBe(2);
  });

  it("answers a kept read of the store's database without going through its executor", async () => {
    const executed = vi.spyOn(store.db, 'executeQuery');
    const first = await counterNamed.execute(store.db, { name: 'cache/a' });
    expect(await counterNamed.execute(store.db, { name: 'cache/a' })).toBe(first);
    expect(executed).toHaveBeenCalledTimes(1);
    // Statements run together answer kept reads the same way.
    const [again] = await together(store.db, [counterNamed.compile(store.db, { name: 'cache/a' })]);
    expect(again?.rows).toBe(first);
    expect(executed).toHaveBeenCalledTimes(1);
  });

  it('answers a kept read of a transaction without its executor, and what it wrote from the table', async () => {
    const first = await counterNamed.execute(store.db, { name: 'cache/a' });
    await store.transaction(async (trx) => {
      const executed = vi.spyOn(trx, 'executeQuery');
      expect(await counterNamed.execute(trx, { name: 'cache/a' })).toBe(first);
      expect(executed).not.toHaveBeenCalled();
      await trx.updateTable('counters').set({ value: 7 }).where('name', '=', 'cache/a').execute();
      expect((await counterNamed.executeTakeFirst(trx, { name: 'cache/a' }))?.value).toBe(7);
    });
    expect((await counterNamed.executeTakeFirst(store.db, { name: 'cache/a' }))?.value).toBe(7);
  });

  it('answers nothing kept once the store is closed: the read fails as any statement does', async () => {
    await counterNamed.execute(store.db, { name: 'cache/a' });
    const dir = mkdtempSync(join(tmpdir(), 'svc-read-cache-closed-'));
    const closed = await openStore({ kind: 'sqlite', dataDir: dir });
    try {
      await insertCounter.execute(closed.db, { name: 'cache/b', value: 1 });
      expect(await counterNamed.execute(closed.db, { name: 'cache/b' })).toHaveLength(1);
      await closed.close();
      await expect(counterNamed.execute(closed.db, { name: 'cache/b' })).rejects.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('a read of the database while a transaction holds the connection', () => {
    /** Runs a transaction that does `before`, then holds the connection until the returned `release` is called. */
    const holdingTransaction = (before: (trx: Transaction<Database>) => Promise<unknown>) => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let started!: () => void;
      const startedPromise = new Promise<void>((resolve) => {
        started = resolve;
      });
      const done = store.transaction(async (trx) => {
        await before(trx);
        started();
        await released;
      });
      return { started: startedPromise, release, done };
    };

    it('waits for it once it wrote the table, and answers what it wrote (a kept result is not current)', async () => {
      await counterNamed.execute(store.db, { name: 'cache/a' });
      const held = holdingTransaction((trx) =>
        trx.updateTable('counters').set({ value: 5 }).where('name', '=', 'cache/a').execute(),
      );
      await held.started;
      let answered: number | undefined;
      const read = counterNamed.executeTakeFirst(store.db, { name: 'cache/a' }).then((row) => {
        answered = row?.value;
      });
      try {
        await new Promise((resolve) => setImmediate(resolve));
        // Not the kept 1: the read waits for the connection, as every read did before kept reads.
        expect(answered).toBeUndefined();
      } finally {
        held.release();
      }
      await Promise.all([held.done, read]);
      expect(answered).toBe(5);
      expect((await counterNamed.executeTakeFirst(store.db, { name: 'cache/a' }))?.value).toBe(5);
    });

    it('waits for it when it rolls back, and answers the rows as they were', async () => {
      await counterNamed.execute(store.db, { name: 'cache/a' });
      const held = holdingTransaction(async (trx) => {
        await trx.updateTable('counters').set({ value: 6 }).where('name', '=', 'cache/a').execute();
        throw new Error('roll back');
      });
      await expect(held.done).rejects.toThrow('roll back');
      expect((await counterNamed.executeTakeFirst(store.db, { name: 'cache/a' }))?.value).toBe(1);
    });

    it('answers the committed rows at once while it has not written the table (as on PostgreSQL)', async () => {
      const first = await counterNamed.execute(store.db, { name: 'cache/a' });
      const held = holdingTransaction((trx) => trx.deleteFrom('tokens').where('token', '=', 'no-such-token').execute());
      await held.started;
      try {
        expect(await counterNamed.execute(store.db, { name: 'cache/a' })).toBe(first);
      } finally {
        held.release();
      }
      await held.done;
    });
  });

  it('keeps the results of two reads with the same values apart', async () => {
    const named = prepareQuery<{ name: string }, { value: number }>((db, p) =>
      db.selectFrom('counters').select('value').where('name', '=', p.name),
    );
    const other = prepareQuery<{ name: string }, { value: number }>((db, p) =>
      db
        .selectFrom('counters')
        .select((eb) => eb(eb.ref('value'), '+', 100).as('value'))
        .where('name', '=', p.name),
    );
    for (let round = 0; round < 2; round++) {
      expect(await named.execute(store.db, { name: 'cache/a' })).toEqual([{ value: 1 }]);
      expect(await other.execute(store.db, { name: 'cache/a' })).toEqual([{ value: 101 }]);
    }
  });

  it('keeps them across writes to other tables', async () => {
    const first = await counterNamed.execute(store.db, { name: 'cache/a' });
    await store.db.deleteFrom('tokens').where('token', '=', 'no-such-token').execute();
    expect(await counterNamed.execute(store.db, { name: 'cache/a' })).toBe(first);
  });

  it('reads again after a write to the table', async () => {
    await counterNamed.execute(store.db, { name: 'cache/a' });
    await store.db.updateTable('counters').set({ value: 2 }).where('name', '=', 'cache/a').execute();
    expect(await counterNamed.executeTakeFirst(store.db, { name: 'cache/a' })).toEqual({ name: 'cache/a', value: 2 });
  });

  it('never keeps what an open transaction wrote, so a rollback leaves no trace', async () => {
    await expect(
      store.transaction(async (trx) => {
        await trx.updateTable('counters').set({ value: 5 }).where('name', '=', 'cache/a').execute();
        // Inside, the transaction sees its own write, twice.
        expect((await counterNamed.executeTakeFirst(trx, { name: 'cache/a' }))?.value).toBe(5);
        expect((await counterNamed.executeTakeFirst(trx, { name: 'cache/a' }))?.value).toBe(5);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await counterNamed.executeTakeFirst(store.db, { name: 'cache/a' }))?.value).toBe(1);
  });

  it('sees a commit of another connection to the same file', async () => {
    expect((await counterNamed.executeTakeFirst(store.db, { name: 'cache/a' }))?.value).toBe(1);
    const other = new BetterSqlite3(join(temp.dir, SQLITE_FILE_NAME));
    try {
      other.prepare(`update "counters" set "value" = 9 where "name" = 'cache/a'`).run();
    } finally {
      other.close();
    }
    expect((await counterNamed.executeTakeFirst(store.db, { name: 'cache/a' }))?.value).toBe(9);
  });

  it('reads again after a statement it cannot classify', async () => {
    const first = await counterNamed.execute(store.db, { name: 'cache/a' });
    await sql`update counters set value = 3 where name = 'cache/a'`.execute(store.db);
    const after = await counterNamed.execute(store.db, { name: 'cache/a' });
    expect(after).not.toBe(first);
    expect(after[0]?.value).toBe(3);
  });
});
