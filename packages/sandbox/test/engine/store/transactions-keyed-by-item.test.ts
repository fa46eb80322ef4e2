/**
 * Migration 0027 on both engines: a store with transactions keeps every row and column, the id is
 * no longer a key of its own (two Items may hold the same one: a fork renames them, the id is
 * derived from the Item's), and an Item still cannot hold one id twice.
 */
import { type Kysely, Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../src/engine/store/database.js';
import { migrationProvider } from '../../../src/engine/store/migrations/index.js';
import type { TransactionsTable } from '../../../src/features/account-data/tables.js';
import { MIGRATION_ENGINES } from '../../support/migration-engines.js';

const CREATED = '2026-11-02T10:00:00Z';

/** A stored transaction `seq` of Item `itemId`, with every nullable column set. */
function transactionRow(itemId: string, seq: number, id = `${itemId}-tx-${seq}`): TransactionsTable {
  return {
    transaction_id: id,
    item_id: itemId,
    client_id: 'client-keyed',
    account_id: `${itemId}-account`,
    seq,
    date: `2026-10-${String(10 + seq).padStart(2, '0')}`,
    authorized_date: '2026-10-09',
    name: `Purchase ${seq}`,
    merchant_name: 'Merchant',
    amount: 12.5 * seq,
    iso_currency_code: 'USD',
    pending: seq % 2,
    pending_transaction_id: `${itemId}-pending-${seq}`,
    category: '["Shops"]',
    category_id: '19000000',
    payment_channel: 'in store',
    location: '{}',
    payment_meta: '{}',
    added_at: CREATED,
    removed_at: seq === 3 ? CREATED : null,
  };
}

const STORED = [
  transactionRow('item-b', 2),
  transactionRow('item-a', 1),
  transactionRow('item-b', 1),
  transactionRow('item-a', 3),
];

/** Every stored transaction, by Item and position, amounts as numbers. */
async function storedTransactions(db: Kysely<Database>): Promise<TransactionsTable[]> {
  const rows = await db.selectFrom('transactions').selectAll().orderBy('item_id').orderBy('seq').execute();
  return rows.map((row) => ({
    ...row,
    amount: Number(row.amount),
    seq: Number(row.seq),
    pending: Number(row.pending),
  }));
}

describe.each(MIGRATION_ENGINES)('migration 0027 on a store with transactions [%s]', (engine, open) => {
  it('keeps every row, keys the id by its Item, and still refuses an id twice in one Item', async () => {
    const { db, close } = await open();
    try {
      const migrator = new Migrator({ db, provider: migrationProvider(engine) });
      expect((await migrator.migrateTo('0026_request_record_body_chars')).error).toBeUndefined();
      await sql`insert into clients (client_id, name, secret_hash, secret_salt, webhook_secret, bank_transfer_config, micro_deposit_auth, created_at)
        values ('client-keyed', 'keyed', 'h', 's', 'w', '{}', 0, ${CREATED})`.execute(db);
      for (const itemId of ['item-a', 'item-b']) {
        await sql`insert into items (item_id, client_id, institution_id, test_user, products, created_at)
          values (${itemId}, 'client-keyed', 'ins_1', 'user_good', '[]', ${CREATED})`.execute(db);
      }
      await db.insertInto('transactions').values(STORED).execute();
      const before = await storedTransactions(db);

      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      expect(await storedTransactions(db)).toEqual(before);
      expect(before).toHaveLength(STORED.length);
      // The same id in another Item is allowed now (it was the table's primary key).
      await db
        .insertInto('transactions')
        .values(transactionRow('item-b', 3, 'item-a-tx-1'))
        .execute();
      // Twice in one Item is refused, as is a position twice.
      await expect(
        db
          .insertInto('transactions')
          .values(transactionRow('item-a', 4, 'item-a-tx-1'))
          .execute(),
      ).rejects.toThrow(/unique/i);
      await expect(
        db
          .insertInto('transactions')
          .values(transactionRow('item-a', 3, 'item-a-tx-new'))
          .execute(),
      ).rejects.toThrow(/unique/i);
      // A transaction of an Item the store does not hold is still refused.
      await expect(db.insertInto('transactions').values(transactionRow('item-unknown', 1)).execute()).rejects.toThrow(
        /foreign key/i,
      );
    } finally {
      await close();
    }
  });
});
