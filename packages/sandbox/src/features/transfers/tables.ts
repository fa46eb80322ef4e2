/**
 * The tables of transfers and bank transfers, with the idempotency keys and event streams they
 * use (migration 0004). Amounts are the API's two-digit decimal strings; origination balances are
 * whole cents in `bigint` columns (PostgreSQL returns them as strings, so read them with
 * `Number()`); JSON objects are text; booleans 0/1.
 */
import type { ColumnType } from 'kysely';

/** A `bigint` column: a number in SQLite, a string from PostgreSQL; written as a number. */
export type BigIntColumn = ColumnType<number | string, number, number>;

/** An origination account of a client (transfers and bank transfers move money into or out of it). */
export interface OriginationAccountsTable {
  origination_account_id: string;
  client_id: string;
  name: string;
  /** 1 for the client's default origination account. */
  is_default: number;
  /** Settled funds minus outgoing bank transfers not settled yet, in cents. */
  available_cents: BigIntColumn;
  /** The balance the account must keep, in cents; `transactable` is available minus this. */
  minimum_balance_cents: BigIntColumn;
  created_at: string;
}

/** Per-client bank transfer settings beyond the configuration on the client row. */
export interface BankTransferSettingsTable {
  client_id: string;
  /** 1 when `/bank_transfer/migrate_account` is enabled for the client (not by default). */
  migrate_account_enabled: number;
}

/**
 * One idempotency key of a client, remembered without expiry: the request it was first used with
 * (as a fingerprint) and the record that request created. Unique per (client, scope, key), so
 * two concurrent requests with one key create one record.
 */
export interface IdempotencyKeysTable {
  client_id: string;
  /** The namespace of the key: `transfer` or `bank_transfer` (shared by both bank transfer creates). */
  scope: string;
  idempotency_key: string;
  /** SHA-256 of the operation and the request body without credentials. */
  fingerprint: string;
  /** The id of the record the first request created. */
  resource_id: string;
  created_at: string;
}

/** A transfer authorization: the risk decision on a proposed transfer. */
export interface TransferAuthorizationsTable {
  authorization_id: string;
  client_id: string;
  item_id: string;
  account_id: string;
  created: string;
  decision: string;
  decision_rationale: string | null;
  type: string;
  network: string;
  ach_class: string;
  amount: string;
  /** JSON of the account holder, all four fields present. */
  user_details: string;
  origination_account_id: string;
  /** The transfer created with this authorization, once used (at most one). */
  transfer_id: string | null;
}

/** A transfer. */
export interface TransfersTable {
  transfer_id: string;
  client_id: string;
  item_id: string;
  authorization_id: string;
  account_id: string;
  ach_class: string;
  amount: string;
  status: string;
  cancellable: number;
  created: string;
  description: string;
  /** JSON `{ach_return_code, description}` or null. */
  failure_reason: string | null;
  /** JSON string-to-string map. */
  metadata: string;
  network: string;
  origination_account_id: string;
  type: string;
  /** JSON of the account holder, all four fields present. */
  user_details: string;
}

/** One event of a client's transfer event stream; `event_id` counts per client from 1. */
export interface TransferEventsTable {
  client_id: string;
  event_id: number;
  transfer_id: string;
  event_type: string;
  timestamp: string;
  account_id: string;
  origination_account_id: string;
  transfer_type: string;
  transfer_amount: string;
  failure_reason: string | null;
}

/** A bank transfer. */
export interface BankTransfersTable {
  bank_transfer_id: string;
  client_id: string;
  item_id: string;
  account_id: string;
  ach_class: string | null;
  amount: string;
  cancellable: number;
  created: string;
  custom_tag: string | null;
  description: string;
  direction: string;
  failure_reason: string | null;
  iso_currency_code: string;
  metadata: string;
  network: string;
  origination_account_id: string;
  status: string;
  type: string;
  /** JSON `{legal_name, email_address, routing_number}`. */
  user_details: string;
}

/** One event of a client's bank transfer event stream; `event_id` counts per client from 1. */
export interface BankTransferEventsTable {
  client_id: string;
  event_id: number;
  bank_transfer_id: string;
  event_type: string;
  timestamp: string;
  account_id: string;
  bank_transfer_amount: string;
  bank_transfer_iso_currency_code: string;
  bank_transfer_type: string;
  direction: string;
  failure_reason: string | null;
  origination_account_id: string;
  /** JSON `{available_balance}` or null. */
  receiver_details: string | null;
}

/** The known account and routing numbers of an account created by `/bank_transfer/migrate_account`. */
export interface MigratedAccountsTable {
  account_id: string;
  client_id: string;
  account_number: string;
  routing_number: string;
}

/** The tables of this file, as entries of the store's `Database`. */
export interface TransferTables {
  origination_accounts: OriginationAccountsTable;
  bank_transfer_settings: BankTransferSettingsTable;
  idempotency_keys: IdempotencyKeysTable;
  transfer_authorizations: TransferAuthorizationsTable;
  transfers: TransfersTable;
  transfer_events: TransferEventsTable;
  bank_transfers: BankTransfersTable;
  bank_transfer_events: BankTransferEventsTable;
  migrated_accounts: MigratedAccountsTable;
}
