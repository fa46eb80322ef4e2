/**
 * Migration 0023: snapshots of clients' worlds (`/sandbox/snapshot/create`): each holds the rows
 * of the client's world (`client-rows.ts` `CLIENT_WORLD_TABLES`) as JSON, by table, with the
 * client's time when it was taken, for `/sandbox/snapshot/restore`.
 */
import type { Migration } from 'kysely';
import type { AnyDb } from './helpers.js';

/** Adds `client_snapshots`. */
export function clientSnapshots(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('client_snapshots')
        .addColumn('snapshot_id', 'text', (c) => c.primaryKey())
        .addColumn('client_id', 'text', (c) => c.notNull().references('clients.client_id'))
        .addColumn('name', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('client_time', 'text', (c) => c.notNull())
        .addColumn('bytes', 'integer', (c) => c.notNull())
        .addColumn('world', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('client_snapshots_by_client')
        .on('client_snapshots')
        .columns(['client_id', 'created_at'])
        .execute();
    },
  };
}
