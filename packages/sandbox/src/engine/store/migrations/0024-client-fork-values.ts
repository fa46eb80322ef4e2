/**
 * Migration 0024: `clients.namespaced_values`, for a client made by restoring another client's
 * snapshot into a new client (a fork, `/sandbox/snapshot/restore` with `into_new_client`). The
 * fork holds the source's own random ids and tokens in its namespace (`<value>~<fork>`), as it
 * holds the canonical values; the column lists those values (a JSON array of strings, as the API
 * shows them), so the edge reads them into the fork's namespace as it reads the canonical ones.
 * Null for every other client.
 */
import type { Migration } from 'kysely';
import type { AnyDb } from './helpers.js';

/** Adds `clients.namespaced_values`. */
export function clientForkValues(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('clients').addColumn('namespaced_values', 'text').execute();
    },
  };
}
