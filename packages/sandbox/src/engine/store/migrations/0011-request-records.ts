/**
 * Migration 0011: what the inspector shows. `request_records` keeps each client's recent requests
 * (redacted bodies, status, duration), found by client in insertion order and pruned by age
 * (`engine/inspector/retention.ts`). The webhooks and the transfer and bank transfer events a
 * request created carry its `request_id`, so a request links to them; a webhook attempt keeps the
 * signature header it was sent with.
 */
import type { Migration } from 'kysely';
import { type AnyDb, autoId, type Engine } from './helpers.js';

/** Adds `request_records` and the `request_id` / `signature` columns. */
export function requestRecords(engine: Engine): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('request_records')
        .addColumn('id', autoId(engine))
        .addColumn('client_id', 'text', (col) => col.notNull())
        .addColumn('request_id', 'text', (col) => col.notNull())
        .addColumn('operation', 'text', (col) => col.notNull())
        .addColumn('status', 'integer', (col) => col.notNull())
        .addColumn('error_code', 'text')
        .addColumn('duration_ms', 'real', (col) => col.notNull())
        .addColumn('started_at', 'text', (col) => col.notNull())
        .addColumn('request_body', 'text', (col) => col.notNull())
        .addColumn('response_body', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('request_records_by_client')
        .on('request_records')
        .columns(['client_id', 'id'])
        .execute();
      await db.schema.createIndex('request_records_by_age').on('request_records').column('started_at').execute();
      for (const table of ['webhook_outbox', 'transfer_events', 'bank_transfer_events']) {
        await db.schema.alterTable(table).addColumn('request_id', 'text').execute();
      }
      await db.schema.alterTable('webhook_attempts').addColumn('signature', 'text').execute();
    },
  };
}
