/**
 * Migration 0010: the fault rules of each client (`features/faults`), tried oldest first, with
 * the count of requests each considered kept here so that every instance draws the same faults.
 */
import type { Migration } from 'kysely';
import { type AnyDb, autoId, type Engine } from './helpers.js';

/** Adds `fault_rules`. */
export function faultRules(engine: Engine): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('fault_rules')
        .addColumn('position', autoId(engine))
        .addColumn('fault_rule_id', 'text', (c) => c.notNull().unique())
        .addColumn('client_id', 'text', (c) => c.notNull().references('clients.client_id'))
        .addColumn('operations', 'text')
        .addColumn('fault', 'text', (c) => c.notNull())
        .addColumn('probability', 'double precision', (c) => c.notNull())
        .addColumn('seed', 'integer', (c) => c.notNull())
        .addColumn('remaining', 'integer')
        .addColumn('starts_at', 'text')
        .addColumn('ends_at', 'text')
        .addColumn('matched_count', 'integer', (c) => c.notNull())
        .addColumn('fault_count', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('fault_rules_by_client')
        .on('fault_rules')
        .columns(['client_id', 'position'])
        .execute();
    },
  };
}
