/**
 * Every table of the sandbox store, as Kysely sees it: the one place the schema is composed from
 * the engine's own tables and each feature's `tables.ts` (type-only imports of leaf modules; the
 * architecture check allows this file alone to name features). One schema for SQLite and
 * PostgreSQL: timestamps are ISO 8601 strings (UTC, millisecond precision, so they sort as text),
 * booleans are integers 0/1, JSON is text, generated ids are integers.
 */
import type { ProductExtractionsTable, TransactionsTable } from '../../features/account-data/tables.js';
import type {
  ApplicationScopesTable,
  ApplicationsTable,
  FinancialInstitutionClientsTable,
} from '../../features/applications/tables.js';
import type {
  AssetReportAuditCopiesTable,
  AssetReportsTable,
  AuditorsTable,
} from '../../features/asset-reports/tables.js';
import type {
  BankTransferEventsTable,
  BankTransferListPositionsTable,
  BankTransferSettingsTable,
  BankTransfersTable,
  MigratedAccountsTable,
} from '../../features/bank-transfers/tables.js';
import type { EmployersTable } from '../../features/employers/tables.js';
import type { FaultRulesTable } from '../../features/faults/tables.js';
import type { InstitutionsTable } from '../../features/institutions/tables.js';
import type { AccountsTable, ItemsTable, TokensTable } from '../../features/items/tables.js';
import type { PaymentRecipientsTable, PaymentsTable } from '../../features/payments/tables.js';
import type { SignalEvaluationsTable } from '../../features/signal/tables.js';
import type {
  OriginationAccountsTable,
  TransferAuthorizationsTable,
  TransferEventsTable,
  TransferListPositionsTable,
  TransfersTable,
} from '../../features/transfers/tables.js';
import type { ClientsTable } from '../clients/tables.js';
import type { RequestRecordsTable } from '../inspector/tables.js';
import type { DueWorkTable } from '../schedule/tables.js';
import type { WebhookAttemptsTable, WebhookOutboxTable } from '../webhooks/tables.js';
import type { CountersTable, IdempotencyKeysTable, RateLimitWindowsTable } from './engine-tables.js';

/** Every table of the store, by name. */
export interface Database {
  clients: ClientsTable;
  institutions: InstitutionsTable;
  items: ItemsTable;
  tokens: TokensTable;
  accounts: AccountsTable;
  webhook_outbox: WebhookOutboxTable;
  webhook_attempts: WebhookAttemptsTable;
  counters: CountersTable;
  idempotency_keys: IdempotencyKeysTable;
  rate_limit_windows: RateLimitWindowsTable;
  transactions: TransactionsTable;
  product_extractions: ProductExtractionsTable;
  payment_recipients: PaymentRecipientsTable;
  payments: PaymentsTable;
  origination_accounts: OriginationAccountsTable;
  transfer_authorizations: TransferAuthorizationsTable;
  transfers: TransfersTable;
  transfer_list_positions: TransferListPositionsTable;
  transfer_events: TransferEventsTable;
  bank_transfer_settings: BankTransferSettingsTable;
  bank_transfers: BankTransfersTable;
  bank_transfer_list_positions: BankTransferListPositionsTable;
  bank_transfer_events: BankTransferEventsTable;
  migrated_accounts: MigratedAccountsTable;
  auditors: AuditorsTable;
  asset_reports: AssetReportsTable;
  asset_report_audit_copies: AssetReportAuditCopiesTable;
  signal_evaluations: SignalEvaluationsTable;
  employers: EmployersTable;
  applications: ApplicationsTable;
  application_scopes: ApplicationScopesTable;
  financial_institution_clients: FinancialInstitutionClientsTable;
  fault_rules: FaultRulesTable;
  due_work: DueWorkTable;
  request_records: RequestRecordsTable;
}
