/**
 * Migration 0027 (transactions keyed by their Item). `transactions.transaction_id` was the table's
 * primary key: an index of random ids, so an Item's first extraction (hundreds of rows) wrote
 * into as many places of it as rows, scattered across the whole store. On SQLite, with 200,000
 * transactions stored, that made the insert 2.4 times slower and its log 7 times larger (1.8 MB
 * against 0.26 MB for 345 rows): a unit of work no other client's request can interleave.
 *
 * The id is now unique within its Item (`transactions_of_item_by_id`, `(item_id,
 * transaction_id)`), the only way it is ever looked up, and an Item's rows go to one place of
 * each index. It stays unique store-wide by construction: it is derived from the Item's id,
 * itself unique (`derivedId`), and a fork gives new ones (`client-row-keys.ts`). The rebuild copies
 * 500,000 transactions in about 3 s.
 *
 * SQLite cannot drop a primary key, so there the table is rebuilt with the same columns (every
 * row copied); PostgreSQL drops the constraint.
 */
import { type Migration, sql } from 'kysely';
import type { AnyDb, Engine } from './helpers.js';

/** Replaces the primary key of `transactions.transaction_id` with a unique `(item_id, transaction_id)`. */
export function transactionsKeyedByItem(engine: Engine): Migration {
  return {
    async up(db: AnyDb) {
      if (engine === 'sqlite') {
        await rebuildWithoutPrimaryKey(db);
      } else {
        await sql`alter table transactions drop constraint transactions_pkey`.execute(db);
      }
      await db.schema
        .createIndex('transactions_of_item_by_id')
        .on('transactions')
        .columns(['item_id', 'transaction_id'])
        .unique()
        .execute();
    },
  };
}

/** SQLite: `transactions` rebuilt as migration 0002 made it, without the primary key, every row kept. */
async function rebuildWithoutPrimaryKey(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('transactions_rebuilt')
    .addColumn('transaction_id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.item_id'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('authorized_date', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('merchant_name', 'text')
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('iso_currency_code', 'text')
    .addColumn('pending', 'integer', (c) => c.notNull())
    .addColumn('pending_transaction_id', 'text')
    .addColumn('category', 'text')
    .addColumn('category_id', 'text')
    .addColumn('payment_channel', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('payment_meta', 'text', (c) => c.notNull())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addColumn('removed_at', 'text')
    .addUniqueConstraint('transactions_item_seq', ['item_id', 'seq'])
    .execute();
  // In the order of the Item's rows, so the new table and its indexes are written in order.
  await sql`insert into transactions_rebuilt select * from transactions order by item_id, seq`.execute(db);
  await db.schema.dropTable('transactions').execute();
  await db.schema.alterTable('transactions_rebuilt').renameTo('transactions').execute();
  await db.schema
    .createIndex('transactions_by_item_date')
    .on('transactions')
    .columns(['item_id', 'date', 'seq'])
    .execute();
}
