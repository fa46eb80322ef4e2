/**
 * Which rows of the store a client owns: what deleting a client removes, and what a reset or a
 * snapshot of one client covers. Every table of {@link OWNED_TABLES} is classified once here
 * (checked at compile time), so a new table cannot be left out: reference data no client owns,
 * a table with a `client_id` column, or one whose rows hang off a client's rows.
 */
import { type RawBuilder, sql } from 'kysely';
import { OWNED_TABLES } from './owned-tables.js';

type OwnedTable = (typeof OWNED_TABLES)[number];

/** How a table's rows of one client are found. */
export type ClientRowsOf =
  /** Reference data or bookkeeping: no client owns a row. */
  | 'shared'
  /** The table's `client_id` column. */
  | 'client_id'
  /** Rows of the client's webhooks (`outbox_id`). */
  | 'webhook'
  /** Rows of the client's Items (`item_id`). */
  | 'item'
  /** Counters named `<kind>/<client_id>`. */
  | 'counter_name';

/** Every owned table, and how its rows of one client are found. */
export const CLIENT_ROWS: { readonly [T in OwnedTable]: ClientRowsOf } = {
  client_snapshots: 'client_id',
  fault_rules: 'client_id',
  due_work: 'client_id',
  rate_limit_windows: 'client_id',
  request_records: 'client_id',
  payments: 'client_id',
  payment_recipients: 'client_id',
  application_scopes: 'client_id',
  applications: 'shared',
  financial_institution_clients: 'client_id',
  signal_evaluations: 'client_id',
  asset_report_audit_copies: 'client_id',
  asset_reports: 'client_id',
  auditors: 'shared',
  employers: 'shared',
  bank_transfer_events: 'client_id',
  bank_transfer_list_positions: 'client_id',
  bank_transfers: 'client_id',
  transfer_events: 'client_id',
  transfer_list_positions: 'client_id',
  transfers: 'client_id',
  transfer_authorizations: 'client_id',
  idempotency_keys: 'client_id',
  migrated_accounts: 'client_id',
  bank_transfer_settings: 'client_id',
  origination_accounts: 'client_id',
  transactions: 'client_id',
  product_extractions: 'item',
  webhook_attempts: 'webhook',
  webhook_outbox: 'client_id',
  counters: 'counter_name',
  tokens: 'client_id',
  accounts: 'client_id',
  items: 'client_id',
  institutions: 'shared',
  clients: 'client_id',
  kysely_migration: 'shared',
  kysely_migration_lock: 'shared',
};

/** The tables holding rows of a client, children before parents (the order a delete needs). */
export const CLIENT_OWNED_TABLES: readonly OwnedTable[] = OWNED_TABLES.filter(
  (table) => CLIENT_ROWS[table] !== 'shared',
);

/** The condition selecting the rows of `table` that `clientId` owns. */
export function clientRowsCondition(table: OwnedTable, clientId: string): RawBuilder<boolean> {
  switch (CLIENT_ROWS[table]) {
    case 'client_id':
      return sql<boolean>`client_id = ${clientId}`;
    case 'item':
      return sql<boolean>`item_id in (select item_id from items where client_id = ${clientId})`;
    case 'webhook':
      return sql<boolean>`outbox_id in (select id from webhook_outbox where client_id = ${clientId})`;
    case 'counter_name':
      return sql<boolean>`name like ${`%/${clientId}`}`;
    case 'shared':
      throw new Error(`no client owns rows of ${table}`);
  }
}

/**
 * The tables of a client's world: what a reset of the client clears and a snapshot of it holds.
 * Not the client's row itself (its credentials stay), nor the records of its requests (the
 * inspector's history, which a reset or restore does not rewrite: the reset is listed among them)
 * nor its rate-limit windows (its request budget, which a reset must not refill), nor its
 * snapshots (what it restores from).
 */
export const CLIENT_WORLD_TABLES: readonly OwnedTable[] = CLIENT_OWNED_TABLES.filter(
  (table) =>
    table !== 'clients' &&
    table !== 'request_records' &&
    table !== 'rate_limit_windows' &&
    table !== 'client_snapshots',
);

/**
 * Tables only triggers write (migration 0013: the list positions, ranked on each insert into
 * their parent table): a snapshot leaves them out, as a restore re-creates them by inserting the
 * parents.
 */
const TRIGGER_WRITTEN: readonly OwnedTable[] = ['transfer_list_positions', 'bank_transfer_list_positions'];

/** The tables a snapshot of a client holds: its world's, but those only triggers write. */
export const CLIENT_SNAPSHOT_TABLES: readonly OwnedTable[] = CLIENT_WORLD_TABLES.filter(
  (table) => !TRIGGER_WRITTEN.includes(table),
);
