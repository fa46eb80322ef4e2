/**
 * Migration 0019: what the inspector marks on a request (`request_records`): the client's test
 * clock when it arrived, the fault it was given, what the client received (the answer, nothing:
 * dropped before handling, or a lost answer: dropped after commit) and whether it was a replay
 * (answered with what its idempotency key already named).
 */
import type { Migration } from 'kysely';
import type { AnyDb } from './helpers.js';

/** Adds `client_time`, `fault`, `delivery` and `replayed` to `request_records`. */
export function requestRecordMarks(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('request_records').addColumn('client_time', 'text').execute();
      await db.schema.alterTable('request_records').addColumn('fault', 'text').execute();
      await db.schema
        .alterTable('request_records')
        .addColumn('delivery', 'text', (c) => c.notNull().defaultTo('answered'))
        .execute();
      await db.schema
        .alterTable('request_records')
        .addColumn('replayed', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
