/**
 * Migration 0026: the characters of a request record's two bodies, stored with the record
 * (`request_records.body_chars`), so the byte budget (`engine/inspector/byte-budget.ts`) sums a
 * number per record instead of reading every body the client has kept. The index by client
 * (`client_id`, `id`) gains the column, so the budget's sum reads the index alone; its first two
 * columns serve the queries the old index served. Records stored before get their count here.
 */
import { type Migration, sql } from 'kysely';
import type { AnyDb } from './helpers.js';

/** Adds `request_records.body_chars`, fills it, and puts it in the index by client. */
export function requestRecordBodyChars(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('request_records')
        .addColumn('body_chars', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update request_records set body_chars = length(request_body) + length(response_body)`.execute(db);
      await db.schema
        .createIndex('request_records_by_client_with_chars')
        .on('request_records')
        .columns(['client_id', 'id', 'body_chars'])
        .execute();
      await db.schema.dropIndex('request_records_by_client').execute();
    },
  };
}
