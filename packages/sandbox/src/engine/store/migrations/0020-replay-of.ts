/**
 * Migration 0020: a replay names the request it repeats. An idempotency key keeps the `request_id`
 * of the request that created its record (`idempotency_keys.request_id`: null for the seeded
 * records and for keys stored before), and a request record answered from a key keeps that id
 * (`request_records.replay_of`), so the inspector links a replay to the earlier request.
 */
import type { Migration } from 'kysely';
import type { AnyDb } from './helpers.js';

/** Adds `idempotency_keys.request_id` and `request_records.replay_of`. */
export function replayOf(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('idempotency_keys').addColumn('request_id', 'text').execute();
      await db.schema.alterTable('request_records').addColumn('replay_of', 'text').execute();
    },
  };
}
