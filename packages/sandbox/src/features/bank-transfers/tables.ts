/**
 * The tables of bank transfers: per-client settings, bank transfers, their events and migrated accounts.
 */
import type { components } from '@svc/spec/types';

type Schemas = components['schemas'];

/** Per-client bank transfer settings beyond the configuration on the client row. */
export interface BankTransferSettingsTable {
  client_id: string;
  /** 1 when `/bank_transfer/migrate_account` is enabled for the client (not by default). */
  migrate_account_enabled: number;
}

/** A bank transfer. */
export interface BankTransfersTable {
  bank_transfer_id: string;
  client_id: string;
  item_id: string;
  account_id: string;
  ach_class: Schemas['AchClass'] | null;
  amount: string;
  cancellable: number;
  created: string;
  custom_tag: string | null;
  description: string;
  direction: Schemas['BankTransferDirection'];
  failure_reason: string | null;
  iso_currency_code: Schemas['BankTransferIsoCurrencyCode'];
  metadata: string;
  network: Schemas['BankTransferNetwork'];
  origination_account_id: string;
  status: Schemas['BankTransferStatus'];
  type: Schemas['TransferType'];
  /** JSON `{legal_name, email_address, routing_number}`. */
  user_details: string;
}

/** One event of a client's bank transfer event stream; `event_id` counts per client from 1. */
export interface BankTransferEventsTable {
  client_id: string;
  event_id: number;
  bank_transfer_id: string;
  event_type: Schemas['BankTransferEventType'];
  timestamp: string;
  account_id: string;
  bank_transfer_amount: string;
  bank_transfer_iso_currency_code: Schemas['BankTransferIsoCurrencyCode'];
  bank_transfer_type: Schemas['TransferType'];
  direction: Schemas['BankTransferDirection'];
  failure_reason: string | null;
  origination_account_id: string;
  /** JSON `{available_balance}` or null. */
  receiver_details: string | null;
  /** The request that caused the event (null: none, e.g. the seeded world). */
  request_id: string | null;
}

/** The known account and routing numbers of an account created by `/bank_transfer/migrate_account`. */
export interface MigratedAccountsTable {
  account_id: string;
  client_id: string;
  account_number: string;
  routing_number: string;
}

/**
 * The list position of each bank transfer: its rank among its client's bank transfers in list
 * order (1 for the oldest `created`, ties by id), 1..n without gaps. Written only by the trigger of
 * migration 0013 on every insert into `bank_transfers`; the list seeks pages by it.
 */
export interface BankTransferListPositionsTable {
  bank_transfer_id: string;
  client_id: string;
  list_position: number;
}

declare module '../../engine/index.js' {
  /** This feature's tables, merged into the store's schema. */
  interface Database {
    bank_transfer_events: BankTransferEventsTable;
    bank_transfer_list_positions: BankTransferListPositionsTable;
    bank_transfer_settings: BankTransferSettingsTable;
    bank_transfers: BankTransfersTable;
    migrated_accounts: MigratedAccountsTable;
  }
}
