/**
 * The tables of transfers: origination accounts, authorizations, transfers and their events
 * (migration 0004). Amounts are the API's two-digit decimal strings; origination balances are
 * whole cents in `bigint` columns (PostgreSQL returns them as strings, so read them with
 * `Number()`); JSON objects are text; booleans 0/1.
 */
import type { components } from '@svc/spec/types';
import type { BigIntColumn } from '../../engine/index.js';

type Schemas = components['schemas'];

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

/** A transfer authorization: the risk decision on a proposed transfer. */
export interface TransferAuthorizationsTable {
  authorization_id: string;
  client_id: string;
  item_id: string;
  account_id: string;
  created: string;
  decision: Schemas['TransferAuthorizationDecision'];
  decision_rationale: Schemas['TransferAuthorization']['decision_rationale'];
  type: Schemas['TransferType'];
  network: Schemas['TransferNetwork'];
  ach_class: Schemas['AchClass'];
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
  ach_class: Schemas['AchClass'];
  amount: string;
  status: Schemas['TransferStatus'];
  cancellable: number;
  created: string;
  description: string;
  /** JSON `{ach_return_code, description}` or null. */
  failure_reason: string | null;
  /** JSON string-to-string map. */
  metadata: string;
  network: Schemas['TransferNetwork'];
  origination_account_id: string;
  type: Schemas['TransferType'];
  /** JSON of the account holder, all four fields present. */
  user_details: string;
}

/** One event of a client's transfer event stream; `event_id` counts per client from 1. */
export interface TransferEventsTable {
  client_id: string;
  event_id: number;
  transfer_id: string;
  event_type: Schemas['TransferEventType'];
  timestamp: string;
  account_id: string;
  origination_account_id: string;
  transfer_type: Schemas['TransferType'];
  transfer_amount: string;
  failure_reason: string | null;
  /** The request that caused the event (null: none, e.g. the seeded world). */
  request_id: string | null;
}

/**
 * The list position of each transfer: its rank among its client's transfers in list order (1 for
 * the oldest `created`, ties by id), 1..n without gaps. Written only by the trigger of migration
 * 0013 on every insert into `transfers`; the list seeks pages by it (`list-positions.ts`).
 */
export interface TransferListPositionsTable {
  transfer_id: string;
  client_id: string;
  list_position: number;
}

declare module '../../engine/index.js' {
  /** This feature's tables, merged into the store's schema. */
  interface Database {
    origination_accounts: OriginationAccountsTable;
    transfer_authorizations: TransferAuthorizationsTable;
    transfer_events: TransferEventsTable;
    transfer_list_positions: TransferListPositionsTable;
    transfers: TransfersTable;
  }
}
