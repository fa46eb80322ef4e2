/**
 * Migration 0004: transfers and bank transfers. Origination accounts, per-client bank transfer
 * settings, idempotency keys (unique per client, scope and key), transfer authorizations,
 * transfers and bank transfers, their event streams (one per client and kind, numbered from 1),
 * and the known numbers of migrated accounts.
 */
import type { Migration } from 'kysely';
import type { AnyDb } from './helpers.js';

/** The transfer tables (the same on both engines). */
export function transfers(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('origination_accounts')
        .addColumn('origination_account_id', 'text', (c) => c.primaryKey())
        .addColumn('client_id', 'text', (c) => c.notNull().references('clients.client_id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('is_default', 'integer', (c) => c.notNull())
        .addColumn('available_cents', 'bigint', (c) => c.notNull())
        .addColumn('minimum_balance_cents', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('origination_accounts_by_client')
        .on('origination_accounts')
        .columns(['client_id', 'is_default'])
        .execute();
      await db.schema
        .createTable('bank_transfer_settings')
        .addColumn('client_id', 'text', (c) => c.primaryKey().references('clients.client_id'))
        .addColumn('migrate_account_enabled', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('idempotency_key', 'text', (c) => c.notNull())
        .addColumn('fingerprint', 'text', (c) => c.notNull())
        .addColumn('resource_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['client_id', 'scope', 'idempotency_key'])
        .execute();
      await db.schema
        .createTable('transfer_authorizations')
        .addColumn('authorization_id', 'text', (c) => c.primaryKey())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('item_id', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('created', 'text', (c) => c.notNull())
        .addColumn('decision', 'text', (c) => c.notNull())
        .addColumn('decision_rationale', 'text')
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('network', 'text', (c) => c.notNull())
        .addColumn('ach_class', 'text', (c) => c.notNull())
        .addColumn('amount', 'text', (c) => c.notNull())
        .addColumn('user_details', 'text', (c) => c.notNull())
        .addColumn('origination_account_id', 'text', (c) => c.notNull())
        .addColumn('transfer_id', 'text', (c) => c.unique())
        .execute();
      await db.schema
        .createTable('transfers')
        .addColumn('transfer_id', 'text', (c) => c.primaryKey())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('item_id', 'text', (c) => c.notNull())
        .addColumn('authorization_id', 'text', (c) => c.notNull().unique())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('ach_class', 'text', (c) => c.notNull())
        .addColumn('amount', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('cancellable', 'integer', (c) => c.notNull())
        .addColumn('created', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('failure_reason', 'text')
        .addColumn('metadata', 'text', (c) => c.notNull())
        .addColumn('network', 'text', (c) => c.notNull())
        .addColumn('origination_account_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('user_details', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('transfers_by_client_created')
        .on('transfers')
        .columns(['client_id', 'created', 'transfer_id'])
        .execute();
      await db.schema
        .createTable('transfer_events')
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('event_id', 'integer', (c) => c.notNull())
        .addColumn('transfer_id', 'text', (c) => c.notNull())
        .addColumn('event_type', 'text', (c) => c.notNull())
        .addColumn('timestamp', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('origination_account_id', 'text', (c) => c.notNull())
        .addColumn('transfer_type', 'text', (c) => c.notNull())
        .addColumn('transfer_amount', 'text', (c) => c.notNull())
        .addColumn('failure_reason', 'text')
        .addPrimaryKeyConstraint('transfer_events_pk', ['client_id', 'event_id'])
        .execute();
      await db.schema
        .createTable('bank_transfers')
        .addColumn('bank_transfer_id', 'text', (c) => c.primaryKey())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('item_id', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('ach_class', 'text')
        .addColumn('amount', 'text', (c) => c.notNull())
        .addColumn('cancellable', 'integer', (c) => c.notNull())
        .addColumn('created', 'text', (c) => c.notNull())
        .addColumn('custom_tag', 'text')
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('direction', 'text', (c) => c.notNull())
        .addColumn('failure_reason', 'text')
        .addColumn('iso_currency_code', 'text', (c) => c.notNull())
        .addColumn('metadata', 'text', (c) => c.notNull())
        .addColumn('network', 'text', (c) => c.notNull())
        .addColumn('origination_account_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('user_details', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('bank_transfers_by_client_created')
        .on('bank_transfers')
        .columns(['client_id', 'created', 'bank_transfer_id'])
        .execute();
      await db.schema
        .createTable('bank_transfer_events')
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('event_id', 'integer', (c) => c.notNull())
        .addColumn('bank_transfer_id', 'text', (c) => c.notNull())
        .addColumn('event_type', 'text', (c) => c.notNull())
        .addColumn('timestamp', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('bank_transfer_amount', 'text', (c) => c.notNull())
        .addColumn('bank_transfer_iso_currency_code', 'text', (c) => c.notNull())
        .addColumn('bank_transfer_type', 'text', (c) => c.notNull())
        .addColumn('direction', 'text', (c) => c.notNull())
        .addColumn('failure_reason', 'text')
        .addColumn('origination_account_id', 'text', (c) => c.notNull())
        .addColumn('receiver_details', 'text')
        .addPrimaryKeyConstraint('bank_transfer_events_pk', ['client_id', 'event_id'])
        .execute();
      await db.schema
        .createTable('migrated_accounts')
        .addColumn('account_id', 'text', (c) => c.primaryKey())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('account_number', 'text', (c) => c.notNull())
        .addColumn('routing_number', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
