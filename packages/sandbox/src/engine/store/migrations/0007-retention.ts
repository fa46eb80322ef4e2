/**
 * Migration 0007: what retention (`retention.ts`) needs. Idempotency keys get `expires_at` (null:
 * never, for the seeded canonical records and for keys remembered before this migration, which
 * were promised no expiry); indexes let the pruner find due rows without scanning: idempotency
 * keys by expiry, webhook attempts by their webhook, authorizations never used by age.
 */
import type { Migration } from 'kysely';
import type { AnyDb } from './helpers.js';

/** Adds `idempotency_keys.expires_at` and the indexes of the pruner. */
export function retention(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('idempotency_keys').addColumn('expires_at', 'text').execute();
      await db.schema.createIndex('idempotency_keys_by_expiry').on('idempotency_keys').column('expires_at').execute();
      await db.schema.createIndex('webhook_attempts_by_outbox').on('webhook_attempts').column('outbox_id').execute();
      await db.schema
        .createIndex('transfer_authorizations_unused')
        .on('transfer_authorizations')
        .columns(['transfer_id', 'created'])
        .execute();
    },
  };
}
