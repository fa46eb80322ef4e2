/**
 * The tables of the sandbox store, as Kysely sees them. One schema for SQLite and PostgreSQL:
 * timestamps are ISO 8601 strings (UTC, millisecond precision, so they sort as text), booleans
 * are integers 0/1, JSON is text, generated ids are integers.
 */
import type { Generated } from 'kysely';
import type { ProductExtractionsTable, TransactionsTable } from '../../features/account-data/tables.js';
import type { AssetsSignalApplicationsTables } from '../../features/asset-reports/tables.js';
import type { PaymentRecipientsTable, PaymentsTable } from '../../features/payments/tables.js';
import type { TransferTables } from '../../features/transfers/tables.js';

/** A sandbox client: the owner of every Item, token and resource. */
export interface ClientsTable {
  client_id: string;
  name: string;
  /** `hex(sha256(salt || secret))`; the secret itself is never stored. */
  secret_hash: string;
  secret_salt: string;
  /** Key of the HMAC-SHA256 signature of this client's webhooks. */
  webhook_secret: string;
  /** `full_service` or `platform`: the bank transfer configuration. */
  bank_transfer_config: string;
  /** 1 when the client is enabled for Instant Match and Automated Micro-deposits. */
  micro_deposit_auth: number;
  created_at: string;
}

/** A supported institution (reference data, seeded). */
export interface InstitutionsTable {
  institution_id: string;
  position: number;
  name: string;
  /** JSON array of ISO 3166-1 alpha-2 codes. */
  country_codes: string;
  /** JSON array of products. */
  products: string;
  /** JSON array of routing numbers. */
  routing_numbers: string;
  oauth: number;
  /** 1 when the institution supports Instant Match or Automated Micro-deposits (auth without `auth`). */
  micro_deposit_auth: number;
  url: string | null;
  primary_color: string | null;
  logo: string | null;
}

/** An Item: one login at one institution, owned by one client. */
export interface ItemsTable {
  item_id: string;
  client_id: string;
  institution_id: string;
  /** The test username that decides the Item's sandbox behaviour. */
  test_user: string;
  /** JSON array: the products the Item was created with (billed products). */
  products: string;
  webhook: string | null;
  /** 1 when the Item serves bank transfers only (`/bank_transfer/migrate_account`). */
  bank_transfer_only: number;
  created_at: string;
  /** Set by `/item/remove`: nothing is reachable through the Item afterwards. */
  removed_at: string | null;
}

/** A bearer token: public, access, processor, partner, audit copy or asset report. */
export interface TokensTable {
  token: string;
  kind: string;
  client_id: string;
  item_id: string | null;
  account_id: string | null;
  /** Another resource the token stands for (an audit copy, a report), when any. */
  subject_id: string | null;
  created_at: string;
  expires_at: string | null;
  /** Set once a single-use token (a public token) was used. */
  used_at: string | null;
  /** Set when the token was rotated or removed. */
  revoked_at: string | null;
}

/** An account of an Item. */
export interface AccountsTable {
  account_id: string;
  item_id: string;
  client_id: string;
  position: number;
  type: string;
  subtype: string;
  name: string;
  official_name: string | null;
  mask: string;
  available: number | null;
  current: number;
  limit_amount: number | null;
  iso_currency_code: string | null;
  verification_status: string | null;
  /** 1 when the account is enabled for micro-deposit verification. */
  micro_deposits: number;
  created_at: string;
}

/** A webhook waiting for, or done with, delivery: the durable outbox. */
export interface WebhookOutboxTable {
  id: Generated<number>;
  client_id: string;
  item_id: string | null;
  url: string;
  webhook_code: string;
  /** The exact body sent on every attempt. */
  body: string;
  created_at: string;
  next_attempt_at: string;
  attempts: number;
  delivered_at: string | null;
  /** Set when every attempt failed. */
  failed_at: string | null;
  last_error: string | null;
  /** A deliverer holds the row until then (several instances may deliver). */
  locked_until: string | null;
  locked_by: string | null;
}

/** One delivery attempt of a webhook. */
export interface WebhookAttemptsTable {
  id: Generated<number>;
  outbox_id: number;
  attempt: number;
  started_at: string;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
  instance_id: string;
}

/** Named counters incremented inside the writing transaction (event ids in commit order). */
export interface CountersTable {
  name: string;
  value: number;
}

/** Every table of the store. */
export interface Database extends TransferTables, AssetsSignalApplicationsTables {
  clients: ClientsTable;
  institutions: InstitutionsTable;
  items: ItemsTable;
  tokens: TokensTable;
  accounts: AccountsTable;
  webhook_outbox: WebhookOutboxTable;
  webhook_attempts: WebhookAttemptsTable;
  counters: CountersTable;
  transactions: TransactionsTable;
  product_extractions: ProductExtractionsTable;
  payment_recipients: PaymentRecipientsTable;
  payments: PaymentsTable;
}
