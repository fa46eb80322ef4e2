/**
 * The store's schema, as Kysely sees it: the engine's own tables here, and each feature's tables
 * added by the feature itself (its `tables.ts` merges them into {@link Database} with a
 * `declare module '../../engine/index.js'` block), so the engine names no feature. One schema for
 * SQLite and PostgreSQL: timestamps are ISO 8601 strings (UTC, millisecond precision, so they sort
 * as text), booleans are integers 0/1, JSON is text, generated ids are integers.
 */
import type { ClientSnapshotsTable, ClientsTable } from '../clients/tables.js';
import type { RequestRecordsTable } from '../inspector/tables.js';
import type { DueWorkTable } from '../schedule/tables.js';
import type { WebhookAttemptsTable, WebhookOutboxTable } from '../webhooks/tables.js';
import type { CountersTable, IdempotencyKeysTable, RateLimitWindowsTable } from './engine-tables.js';

/**
 * Every table of the store, by name: the engine's below; every feature's merged in by its
 * `tables.ts`.
 */
export interface Database {
  clients: ClientsTable;
  client_snapshots: ClientSnapshotsTable;
  webhook_outbox: WebhookOutboxTable;
  webhook_attempts: WebhookAttemptsTable;
  counters: CountersTable;
  idempotency_keys: IdempotencyKeysTable;
  rate_limit_windows: RateLimitWindowsTable;
  due_work: DueWorkTable;
  request_records: RequestRecordsTable;
}
