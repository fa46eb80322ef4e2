/**
 * Every table the sandbox owns, in the order a reset deletes them. The list is checked against the
 * schema at compile time ({@link Database} names every table once) and against a migrated store by
 * a test, so a table added to a migration and to a feature's `tables.ts` cannot be left out.
 */
import type { Database } from './database.js';

/**
 * Every table the sandbox owns, children before parents (a reset deletes in this order); the
 * migrations' own bookkeeping last. A migration adding a table adds it at the start.
 */
export const OWNED_TABLES = [
  'client_snapshots',
  'fault_rules',
  'due_work',
  'rate_limit_windows',
  'request_records',
  'payments',
  'payment_recipients',
  'application_scopes',
  'applications',
  'financial_institution_clients',
  'signal_evaluations',
  'asset_report_audit_copies',
  'asset_reports',
  'auditors',
  'employers',
  'bank_transfer_events',
  'bank_transfer_list_positions',
  'bank_transfers',
  'transfer_events',
  'transfer_list_positions',
  'transfers',
  'transfer_authorizations',
  'idempotency_keys',
  'migrated_accounts',
  'bank_transfer_settings',
  'origination_accounts',
  'transactions',
  'product_extractions',
  'webhook_attempts',
  'webhook_outbox',
  'counters',
  'tokens',
  'accounts',
  'items',
  'institutions',
  'clients',
  'kysely_migration',
  'kysely_migration_lock',
] as const;

/** The migrations' own bookkeeping tables, which no feature declares. */
type BookkeepingTable = 'kysely_migration' | 'kysely_migration_lock';

type Listed = (typeof OWNED_TABLES)[number];
/** Compile-time check: every table of {@link Database} is listed, and nothing else but the bookkeeping. */
export type OwnedTablesMatchSchema = [
  Exclude<keyof Database, Listed>,
  Exclude<Listed, keyof Database | BookkeepingTable>,
] extends [never, never]
  ? true
  : { missing: Exclude<keyof Database, Listed>; unknown: Exclude<Listed, keyof Database | BookkeepingTable> };
const ownedTablesMatchSchema: OwnedTablesMatchSchema = true;
void ownedTablesMatchSchema;
