/**
 * Migration 0022 (throwaway mark and generation of clients). `clients.throwaway` is 1 for a client
 * made by `/sandbox/client/create`: it holds its own copy of the canonical world, which a reset
 * gives it back (a client of `svc-sandbox clients add` has none; the docs' clients are known by
 * their ids). `clients.generation` grows by one with each reset or restore of the client's world;
 * every request reads it with its first statement, so no instance serves a client from a row it
 * remembers from before.
 *
 * Clients stored before: one owning its namespaced copy of the canonical Item
 * (`<item_id>~<client_id>`) was made by `/sandbox/client/create`.
 */
import { type Migration, sql } from 'kysely';
import type { AnyDb } from './helpers.js';

/** Adds `clients.throwaway` and `clients.generation`, and marks the throwaway clients already stored. */
export function clientThrowawayMark(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('clients')
        .addColumn('throwaway', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('clients')
        .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update clients set throwaway = 1 where exists (
        select 1 from items where items.client_id = clients.client_id and items.item_id like ${'%~'} || clients.client_id)`.execute(
        db,
      );
    },
  };
}
