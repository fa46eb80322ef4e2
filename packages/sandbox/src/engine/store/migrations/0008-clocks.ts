/**
 * Migration 0008: per-client test clocks and the work that falls due as they move. Each client
 * gets `clock_offset_ms` (its sandbox time is the machine's time plus this offset; 0: real time),
 * and `due_work` holds what must happen at a time of a client's clock (a refund executed, an
 * Item's new day of transactions), found by client, state and time.
 */
import type { Migration } from 'kysely';
import type { AnyDb } from './helpers.js';

/** Adds `clients.clock_offset_ms` and the `due_work` table. */
export function clocks(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('clients')
        .addColumn('clock_offset_ms', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('due_work')
        .addColumn('due_id', 'text', (c) => c.primaryKey())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('due_at', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('performed_at', 'text')
        .execute();
      await db.schema
        .createIndex('due_work_pending')
        .on('due_work')
        .columns(['client_id', 'state', 'due_at'])
        .execute();
    },
  };
}
