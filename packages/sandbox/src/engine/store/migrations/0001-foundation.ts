/** Migration 0001: clients, institutions, Items, tokens, accounts, the webhook outbox, counters. */
import type { Migration } from 'kysely';
import { type AnyDb, autoId, type Engine } from './helpers.js';

/** The foundation tables. */
export function foundation(engine: Engine): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('clients')
        .addColumn('client_id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('secret_hash', 'text', (c) => c.notNull())
        .addColumn('secret_salt', 'text', (c) => c.notNull())
        .addColumn('webhook_secret', 'text', (c) => c.notNull())
        .addColumn('bank_transfer_config', 'text', (c) => c.notNull())
        .addColumn('micro_deposit_auth', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('institutions')
        .addColumn('institution_id', 'text', (c) => c.primaryKey())
        .addColumn('position', 'integer', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('country_codes', 'text', (c) => c.notNull())
        .addColumn('products', 'text', (c) => c.notNull())
        .addColumn('routing_numbers', 'text', (c) => c.notNull())
        .addColumn('oauth', 'integer', (c) => c.notNull())
        .addColumn('micro_deposit_auth', 'integer', (c) => c.notNull())
        .addColumn('url', 'text')
        .addColumn('primary_color', 'text')
        .addColumn('logo', 'text')
        .execute();
      await db.schema
        .createTable('items')
        .addColumn('item_id', 'text', (c) => c.primaryKey())
        .addColumn('client_id', 'text', (c) => c.notNull().references('clients.client_id'))
        .addColumn('institution_id', 'text', (c) => c.notNull())
        .addColumn('test_user', 'text', (c) => c.notNull())
        .addColumn('products', 'text', (c) => c.notNull())
        .addColumn('webhook', 'text')
        .addColumn('bank_transfer_only', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('removed_at', 'text')
        .execute();
      await db.schema.createIndex('items_by_client').on('items').columns(['client_id', 'created_at']).execute();
      await db.schema
        .createTable('tokens')
        .addColumn('token', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull().references('clients.client_id'))
        .addColumn('item_id', 'text')
        .addColumn('account_id', 'text')
        .addColumn('subject_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text')
        .addColumn('used_at', 'text')
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('tokens_by_item').on('tokens').columns(['item_id', 'kind']).execute();
      await db.schema
        .createTable('accounts')
        .addColumn('account_id', 'text', (c) => c.primaryKey())
        .addColumn('item_id', 'text', (c) => c.notNull().references('items.item_id'))
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('subtype', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('official_name', 'text')
        .addColumn('mask', 'text', (c) => c.notNull())
        .addColumn('available', 'double precision')
        .addColumn('current', 'double precision', (c) => c.notNull())
        .addColumn('limit_amount', 'double precision')
        .addColumn('iso_currency_code', 'text')
        .addColumn('verification_status', 'text')
        .addColumn('micro_deposits', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('accounts_by_item').on('accounts').columns(['item_id', 'position']).execute();
      await db.schema
        .createTable('webhook_outbox')
        .addColumn('id', autoId(engine))
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('item_id', 'text')
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('webhook_code', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('delivered_at', 'text')
        .addColumn('failed_at', 'text')
        .addColumn('last_error', 'text')
        .addColumn('locked_until', 'text')
        .addColumn('locked_by', 'text')
        .execute();
      await db.schema
        .createIndex('webhook_outbox_due')
        .on('webhook_outbox')
        .columns(['delivered_at', 'failed_at', 'next_attempt_at'])
        .execute();
      await db.schema
        .createTable('webhook_attempts')
        .addColumn('id', autoId(engine))
        .addColumn('outbox_id', 'integer', (c) => c.notNull())
        .addColumn('attempt', 'integer', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('error', 'text')
        .addColumn('instance_id', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('counters')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'integer', (c) => c.notNull())
        .execute();
    },
  };
}
