/**
 * What a fork of a client's world (a snapshot restored into a new client) must give new values:
 * the columns of the snapshot's tables whose values are unique store-wide (ids and tokens the
 * sandbox made at random, and ids unique within their Item, derived from its id), and the integer columns the store numbers itself. A test checks both
 * lists against the store's schema, so a new unique or auto-increment column cannot be left out.
 * The client id (in `client_id` columns and the counters' names) is replaced as a whole.
 */
import type { OWNED_TABLES } from './owned-tables.js';

type OwnedTable = (typeof OWNED_TABLES)[number];

/** Per table of a snapshot: its text columns unique store-wide (not `client_id`). */
export const STORE_WIDE_KEY_COLUMNS: Partial<Record<OwnedTable, readonly string[]>> = {
  fault_rules: ['fault_rule_id'],
  due_work: ['due_id'],
  payments: ['payment_id', 'payment_token', 'refund_id'],
  payment_recipients: ['recipient_id'],
  asset_report_audit_copies: ['audit_copy_token'],
  asset_reports: ['asset_report_id', 'asset_report_token'],
  bank_transfers: ['bank_transfer_id'],
  transfers: ['transfer_id', 'authorization_id'],
  transfer_authorizations: ['authorization_id', 'transfer_id'],
  migrated_accounts: ['account_id'],
  origination_accounts: ['origination_account_id'],
  transactions: ['transaction_id'],
  tokens: ['token'],
  accounts: ['account_id'],
  items: ['item_id'],
};

/** An integer column the store numbers itself, and the columns of other tables that hold its values. */
export interface GeneratedNumber {
  column: string;
  referencedBy: readonly { table: OwnedTable; column: string }[];
}

/** Per table of a snapshot: its auto-increment column, if it has one. */
export const GENERATED_NUMBER_COLUMNS: Partial<Record<OwnedTable, GeneratedNumber>> = {
  fault_rules: { column: 'position', referencedBy: [] },
  payment_recipients: { column: 'seq', referencedBy: [] },
  webhook_outbox: { column: 'id', referencedBy: [{ table: 'webhook_attempts', column: 'outbox_id' }] },
  webhook_attempts: { column: 'id', referencedBy: [] },
};
