/**
 * Migration 0012: the shared rate limit's counters (`engine/http/shared-rate-limit.ts`), one row
 * per client and fixed window, so that every instance on one database draws from one budget.
 */
import type { Migration } from 'kysely';
import type { AnyDb } from './helpers.js';

/** Adds `rate_limit_windows`. */
export function rateLimitWindows(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('rate_limit_windows')
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('claimed', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('rate_limit_windows_pk', ['client_id', 'window_start'])
        .execute();
    },
  };
}
