/** Migration 0002: the account-data tables (transactions, product extractions). */
import type { Migration } from 'kysely';
import type { AnyDb } from './helpers.js';

/** Transactions of Items and the first extraction of their products. */
export function accountData(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('transactions')
        .addColumn('transaction_id', 'text', (c) => c.primaryKey())
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
      await db.schema
        .createIndex('transactions_by_item_date')
        .on('transactions')
        .columns(['item_id', 'date', 'seq'])
        .execute();
      await db.schema
        .createTable('product_extractions')
        .addColumn('item_id', 'text', (c) => c.notNull().references('items.item_id'))
        .addColumn('product', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('ready_at', 'text', (c) => c.notNull())
        .addColumn('refreshes', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('product_extractions_pk', ['item_id', 'product'])
        .execute();
    },
  };
}
