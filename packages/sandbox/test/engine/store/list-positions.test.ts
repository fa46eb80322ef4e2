/**
 * The list positions of migration 0013: the migration ranks the rows already stored (per client,
 * in list order) on both engines, and on PostgreSQL an insert that waits for another client's
 * writer to commit ranks itself among the rows that writer committed (two connections, as two
 * instances have), and a create whose rank moves the position of a transfer another writer holds
 * does not wait for that writer (positions are rows of their own). Migration 0018 ranks again, on
 * PostgreSQL, a row an instance of an older release inserted while 0013 ran (no trigger yet),
 * waiting for such an insert still in progress.
 */
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../../src/engine/store/database.js';
import { migrationProvider } from '../../../src/engine/store/migrations/index.js';
import { openStore, type Store } from '../../../src/engine/store/open-store.js';
import { affectedRows } from '../../../src/engine/store/prepared-query.js';
import { finishWithTransferEvent, insertTransfer, transferLifecycle } from '../../../src/features/transfers/queries.js';
import { MIGRATION_ENGINES } from '../../support/migration-engines.js';
import { createTestDatabase } from '../../support/postgres.js';
import { transferRow } from '../../support/transfer-rows.js';

/** Each client's transfer ids in list position order, oldest first. */
async function idsByPosition(db: Kysely<Database>): Promise<Record<string, { id: string; position: number }[]>> {
  const rows = await db
    .selectFrom('transfer_list_positions')
    .select(['client_id', 'transfer_id', 'list_position'])
    .orderBy('client_id')
    .orderBy('list_position')
    .execute();
  const byClient: Record<string, { id: string; position: number }[]> = {};
  for (const row of rows) {
    byClient[row.client_id] ??= [];
    byClient[row.client_id]?.push({ id: row.transfer_id, position: Number(row.list_position) });
  }
  return byClient;
}

const at = (second: number, millisecond = 0) =>
  new Date(Date.UTC(2026, 10, 2, 10, 0, second, millisecond)).toISOString();

/** Rows of two clients, stored in an order unrelated to list order (ties in `created` ordered by id). */
const STORED = [
  transferRow('client-b', 'b-2', at(5)),
  transferRow('client-a', 'a-3', at(9)),
  transferRow('client-a', 'a-1', at(1)),
  transferRow('client-b', 'b-1', at(2)),
  transferRow('client-a', 'a-2b', at(4)),
  transferRow('client-a', 'a-2a', at(4)),
];

/** {@link STORED} ranked per client in list order (oldest first; ties by id). */
const STORED_IN_LIST_ORDER = {
  'client-a': [
    { id: 'a-1', position: 1 },
    { id: 'a-2a', position: 2 },
    { id: 'a-2b', position: 3 },
    { id: 'a-3', position: 4 },
  ],
  'client-b': [
    { id: 'b-1', position: 1 },
    { id: 'b-2', position: 2 },
  ],
};

describe.each(MIGRATION_ENGINES)('migration 0013 on a store with transfers [%s]', (engine, open) => {
  it("ranks each client's stored transfers in list order, and new ones after them", async () => {
    const { db, close } = await open();
    try {
      const migrator = new Migrator({ db, provider: migrationProvider(engine) });
      expect((await migrator.migrateTo('0012_rate_limit_windows')).error).toBeUndefined();
      await db.insertInto('transfers').values(STORED).execute();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(await idsByPosition(db)).toEqual(STORED_IN_LIST_ORDER);
      // A row stored already and skipped by 'on conflict do nothing' (as seeds insert) keeps its position.
      await db
        .insertInto('transfers')
        .values(transferRow('client-a', 'a-2a', at(4)))
        .onConflict((conflict) => conflict.column('transfer_id').doNothing())
        .execute();
      expect((await idsByPosition(db))['client-a']?.map((row) => row.position)).toEqual([1, 2, 3, 4]);
      // The trigger takes over: one sorting last, one sorting between existing rows.
      await db
        .insertInto('transfers')
        .values(transferRow('client-a', 'a-4', at(10)))
        .execute();
      await db
        .insertInto('transfers')
        .values(transferRow('client-a', 'a-1b', at(1, 500)))
        .execute();
      const clientA = (await idsByPosition(db))['client-a']?.map((row) => row.id);
      expect(clientA).toEqual(['a-1', 'a-1b', 'a-2a', 'a-2b', 'a-3', 'a-4']);
    } finally {
      await close();
    }
  });
});

describe('list positions on PostgreSQL with two instances writing', () => {
  const stores: Store[] = [];
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
  });

  it('ranks an insert that waited for the other instance among the rows that instance committed', async () => {
    const url = await createTestDatabase(inject('pgAdminUrl'));
    const first = await openStore({ kind: 'postgres', url });
    stores.push(first);
    const second = await openStore({ kind: 'postgres', url });
    stores.push(second);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted = () => {};
    const firstInserted = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    // The first writer inserts the newer transfer and holds its transaction open.
    const newer = first.transaction(async (trx) => {
      await trx
        .insertInto('transfers')
        .values(transferRow('client-c', 'c-newer', at(8)))
        .execute();
      inserted();
      await held;
    });
    await firstInserted;
    // The second inserts an older one: it must wait, then move the newer one up.
    let secondDone = false;
    const older = second
      .transaction(async (trx) => {
        await trx
          .insertInto('transfers')
          .values(transferRow('client-c', 'c-older', at(3)))
          .execute();
      })
      .then(() => {
        secondDone = true;
      });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(secondDone).toBe(false);
    release();
    await Promise.all([newer, older]);
    expect((await idsByPosition(first.db))['client-c']).toEqual([
      { id: 'c-older', position: 1 },
      { id: 'c-newer', position: 2 },
    ]);
    const { rows } = await sql<{ n: number }>`select count(*) as n from transfers`.execute(first.db);
    expect(Number(rows[0]?.n)).toBe(2);
  });

  it('creates an older transfer while a move holds the row of a newer one (positions lock no transfer row)', async () => {
    const url = await createTestDatabase(inject('pgAdminUrl'));
    const first = await openStore({ kind: 'postgres', url });
    stores.push(first);
    const second = await openStore({ kind: 'postgres', url });
    stores.push(second);
    const held = transferRow('client-d', 'd-newer', at(8));
    await first.transaction((trx) => insertTransfer(trx, held, null));
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const rowLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    // A move: holds the newer transfer's row until released, then appends its event.
    const move = first.transaction(async (trx) => {
      const moved = await trx.executeQuery(
        transferLifecycle.moveStatement(trx, held.client_id, held.transfer_id, ['pending'], {
          status: 'posted',
          cancellable: 0,
          failure_reason: null,
        }),
      );
      expect(affectedRows(moved) === 1).toBe(true);
      locked();
      await released;
      await finishWithTransferEvent(trx, held, 'posted', at(9), null);
    });
    await rowLocked;
    // A create of an older transfer moves the newer one's position, not its row: it commits now.
    const create = second.transaction((trx) => insertTransfer(trx, transferRow('client-d', 'd-older', at(3)), null));
    const settled = await Promise.race([
      create.then(() => 'created'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5000)),
    ]);
    release();
    await move;
    expect(settled).toBe('created');
    expect((await idsByPosition(first.db))['client-d']).toEqual([
      { id: 'd-older', position: 1 },
      { id: 'd-newer', position: 2 },
    ]);
    const events = await first.db
      .selectFrom('transfer_events')
      .select(['event_id', 'transfer_id', 'event_type'])
      .where('client_id', '=', 'client-d')
      .orderBy('event_id')
      .execute();
    expect(events).toEqual([
      { event_id: 1, transfer_id: 'd-newer', event_type: 'pending' },
      { event_id: 2, transfer_id: 'd-older', event_type: 'pending' },
      { event_id: 3, transfer_id: 'd-newer', event_type: 'posted' },
    ]);
  });
});

describe('migration 0018 on PostgreSQL: rows an instance without the triggers inserted during the upgrade', () => {
  /** A pool of its own on a fresh database, migrated up to `upTo`. */
  async function migratedTo(upTo: string) {
    const pool = new pg.Pool({ connectionString: await createTestDatabase(inject('pgAdminUrl')), max: 2 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const migrator = new Migrator({ db, provider: migrationProvider('postgres') });
    expect((await migrator.migrateTo(upTo)).error).toBeUndefined();
    return { pool, db, migrator };
  }

  it('ranks a row that 0013 left without a position, and every row after it again', async () => {
    const { db, migrator } = await migratedTo('0013_list_positions');
    try {
      await db.insertInto('transfers').values(STORED).execute();
      // As if inserted between 0013's ranking and its trigger: no position.
      await db.deleteFrom('transfer_list_positions').where('transfer_id', '=', 'a-2a').execute();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(await idsByPosition(db)).toEqual(STORED_IN_LIST_ORDER);
    } finally {
      await db.destroy();
    }
  });

  it('waits for an insert in progress without the trigger, then ranks its row', async () => {
    const { pool, db, migrator } = await migratedTo('0013_list_positions');
    const oldInstance = new pg.Client({
      connectionString: (pool.options as { connectionString: string }).connectionString,
    });
    await oldInstance.connect();
    try {
      await db.insertInto('transfers').values(STORED.slice(0, 2)).execute();
      // An instance of the release before 0013 inserts a row: no trigger runs for it (as with no
      // trigger installed), and its transaction is still open when the migration starts.
      await oldInstance.query('begin');
      await oldInstance.query("set local session_replication_role = 'replica'");
      const row = transferRow('client-a', 'a-old-instance', at(1));
      const columns = Object.keys(row);
      await oldInstance.query(
        `insert into transfers (${columns.join(', ')}) values (${columns.map((_, index) => `$${index + 1}`).join(', ')})`,
        Object.values(row),
      );
      let migrated = false;
      const migration = migrator.migrateToLatest().then((result) => {
        migrated = true;
        return result;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(migrated).toBe(false);
      await oldInstance.query('commit');
      expect((await migration).error).toBeUndefined();
      expect((await idsByPosition(db))['client-a']).toEqual([
        { id: 'a-old-instance', position: 1 },
        { id: 'a-3', position: 2 },
      ]);
    } finally {
      await oldInstance.end();
      await db.destroy();
    }
  });
});
