/**
 * Migration 0025 (how a client's transfers move). `clients.transfers_move` is `on_simulate` (only
 * `/sandbox/transfer/simulate` and `/transfer/cancel` move a transfer: every client until it
 * chooses otherwise) or `automatically` (a transfer created while it is set posts and settles by
 * the client's test clock, on the FedACH schedule): the client's configuration, set with
 * `/sandbox/transfer/lifecycle/update`.
 */
import type { Migration } from 'kysely';
import type { AnyDb } from './helpers.js';

/** Adds `clients.transfers_move`, `on_simulate` for every client. */
export function clientTransfersMove(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('clients')
        .addColumn('transfers_move', 'text', (c) => c.notNull().defaultTo('on_simulate'))
        .execute();
    },
  };
}
