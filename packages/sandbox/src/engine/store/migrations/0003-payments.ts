/** Migration 0003: payment recipients and payments, and the counter that orders payment changes. */
import type { Migration } from 'kysely';
import { type AnyDb, autoId, type Engine } from './helpers.js';

/** Name of the counter whose value numbers payment changes (creation and every status change). */
export const PAYMENT_CHANGES_COUNTER = 'payment_changes';

/** The payment initiation tables. */
export function paymentsMigration(engine: Engine): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('payment_recipients')
        .addColumn('seq', autoId(engine))
        .addColumn('recipient_id', 'text', (c) => c.notNull().unique())
        .addColumn('client_id', 'text', (c) => c.notNull().references('clients.client_id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('iban', 'text')
        .addColumn('bacs_account', 'text')
        .addColumn('bacs_sort_code', 'text')
        .addColumn('address', 'text')
        .addColumn('details_key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('payment_recipients_details_unique', ['client_id', 'details_key'])
        .execute();
      await db.schema
        .createTable('payments')
        .addColumn('payment_id', 'text', (c) => c.primaryKey())
        .addColumn('client_id', 'text', (c) => c.notNull().references('clients.client_id'))
        .addColumn('recipient_id', 'text', (c) => c.notNull().references('payment_recipients.recipient_id'))
        .addColumn('reference', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('amount', 'double precision', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_status_update', 'text', (c) => c.notNull())
        .addColumn('change_seq', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('recipient_iban', 'text')
        .addColumn('recipient_bacs_account', 'text')
        .addColumn('recipient_bacs_sort_code', 'text')
        .addColumn('schedule', 'text')
        .addColumn('request_refund_details', 'integer', (c) => c.notNull())
        .addColumn('payer_iban', 'text')
        .addColumn('payer_bacs_account', 'text')
        .addColumn('payer_bacs_sort_code', 'text')
        .addColumn('refund_details', 'text')
        .addColumn('refund_id', 'text', (c) => c.unique())
        .addColumn('refund_status', 'text')
        .addColumn('refund_created_at', 'text')
        .addColumn('payment_token', 'text', (c) => c.notNull().unique())
        .addColumn('payment_token_expires_at', 'text', (c) => c.notNull())
        .addColumn('payment_token_used_at', 'text')
        .execute();
      await db.schema
        .createIndex('payments_by_client_update')
        .on('payments')
        .columns(['client_id', 'last_status_update', 'change_seq'])
        .execute();
      await db.insertInto('counters').values({ name: PAYMENT_CHANGES_COUNTER, value: 0 }).execute();
    },
  };
}
