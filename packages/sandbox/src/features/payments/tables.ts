/**
 * The payment initiation tables (migration 0003): recipients and payments. Same conventions as
 * the other tables: ISO 8601 timestamps with milliseconds, booleans as 0/1, JSON as text.
 */
import type { Generated } from 'kysely';

/** A payment recipient, owned by one client. Immutable once created. */
export interface PaymentRecipientsTable {
  /** Creation order (recipients are listed oldest first). */
  seq: Generated<number>;
  recipient_id: string;
  client_id: string;
  name: string;
  iban: string | null;
  bacs_account: string | null;
  bacs_sort_code: string | null;
  /** JSON `PaymentRecipientAddress`, or null. */
  address: string | null;
  /** Key of the details (`recipientDetailsKey`), unique per client: identical details → one recipient. */
  details_key: string;
  created_at: string;
}

/** A payment (one-time, or a standing order when `schedule` is set), owned by one client. */
export interface PaymentsTable {
  payment_id: string;
  client_id: string;
  recipient_id: string;
  reference: string;
  currency: string;
  amount: number;
  /** The stored status; a payment awaiting input past `expires_at` reads as expired. */
  status: string;
  created_at: string;
  last_status_update: string;
  /** Sequence number of the last change (counter `payment_changes`): orders same-instant changes. */
  change_seq: number;
  /** `payment_expiration_time`: 24 hours after creation. */
  expires_at: string;
  /** The recipient's account, copied at creation. */
  recipient_iban: string | null;
  recipient_bacs_account: string | null;
  recipient_bacs_sort_code: string | null;
  /** JSON `PaymentSchedule` (with `end_date` null when open-ended), or null for a one-time payment. */
  schedule: string | null;
  /** `options.request_refund_details` as 0/1. */
  request_refund_details: number;
  /** `options.iban` / `options.bacs`: the payer's account the payment is restricted to, if any. */
  payer_iban: string | null;
  payer_bacs_account: string | null;
  payer_bacs_sort_code: string | null;
  /** JSON `PaymentRefundDetails`, set when the payment is executed with `request_refund_details`. */
  refund_details: string | null;
  refund_id: string | null;
  refund_status: string | null;
  refund_created_at: string | null;
  /** The current payment token (deprecated flow) and its life. */
  payment_token: string;
  payment_token_expires_at: string;
  payment_token_used_at: string | null;
}

declare module '../../engine/index.js' {
  /** This feature's tables, merged into the store's schema. */
  interface Database {
    payment_recipients: PaymentRecipientsTable;
    payments: PaymentsTable;
  }
}
