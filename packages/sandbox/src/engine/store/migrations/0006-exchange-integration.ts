/**
 * Migration 0006: which clients have an exchange integration (may call `/item/import`). The
 * default client of the docs has one, so the `/item/import` example works on stores created
 * before this migration too.
 */
import type { Migration } from 'kysely';
import type { AnyDb } from './helpers.js';

/** The id of the docs' default client, as seeded since migration 0001. */
const DEFAULT_CLIENT_ID = '62b4f1c9a7d3e5001a2b3c4d';

/** Adds `clients.exchange_integration` (0 unless set). */
export function exchangeIntegration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('clients')
        .addColumn('exchange_integration', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db
        .updateTable('clients')
        .set({ exchange_integration: 1 })
        .where('client_id', '=', DEFAULT_CLIENT_ID)
        .execute();
    },
  };
}
