/**
 * Migration 0018 (list positions, complete): ranks every transfer and bank transfer again, on
 * PostgreSQL, with their tables locked against inserts.
 *
 * Migration 0013 ranked the stored rows and then installed the insert triggers. On a database
 * shared by several instances, an instance still running the release before 0013 may insert a row
 * between the two: committed after the ranking read the table, before the trigger existed. That
 * row has no position, and the list would skip it. This migration first takes a lock that waits
 * for every insert in progress and holds off new ones until it commits (`share row exclusive`:
 * reads go on), then ranks every row afresh, so each row committed by then has its rank; the
 * triggers rank every later one. On a database upgraded in one go, it ranks the same rows as 0013
 * did, to the same positions.
 *
 * SQLite has one writer at a time: 0013's transaction held the write lock from its first
 * statement, so no row could be inserted in between, and there is nothing to do.
 */
import { type Migration, sql } from 'kysely';
import { backfill, POSITIONED_TABLES } from './0013-list-positions.js';
import type { AnyDb, Engine } from './helpers.js';

/** Ranks every row again on PostgreSQL, inserts held off meanwhile. */
export function listPositionsComplete(engine: Engine): Migration {
  return {
    async up(db: AnyDb) {
      if (engine !== 'postgres') {
        return;
      }
      for (const positioned of POSITIONED_TABLES) {
        await sql`lock table ${sql.table(positioned.table)} in share row exclusive mode`.execute(db);
        await sql`delete from ${sql.table(positioned.positions)}`.execute(db);
        await backfill(positioned).execute(db);
      }
    },
  };
}
