/**
 * Payment initiation records as the API shows them: `PaymentRecipient` and `Payment` from their
 * rows, with the status the clock gives a payment now (expiry) and, for standing orders, the date
 * the next payment is sent.
 */

import type { components } from '@svc/spec/types';
import type { RefundDetails } from './payer.js';
import type { PaymentRow } from './queries.js';
import type { Bacs, RecipientAddress } from './recipient-details.js';
import type { RecipientRow } from './recipient-queries.js';
import { nextPaymentDate, type Schedule } from './schedule.js';
import { effectiveStatus } from './status.js';
import { ukDate } from './uk-calendar.js';

/** A recipient as the API returns it. */
export type PaymentRecipientBody = components['schemas']['PaymentRecipient'];

/** A payment as the API returns it. */
export type PaymentBody = components['schemas']['Payment'];

/** Statuses in which a standing order still has payments ahead of it. */
const LIVE_ORDER_STATUSES: readonly string[] = [
  'PAYMENT_STATUS_INPUT_NEEDED',
  'PAYMENT_STATUS_PROCESSING',
  'PAYMENT_STATUS_ESTABLISHED',
];

function bacsOf(account: string | null, sortCode: string | null): Bacs | null {
  return account !== null && sortCode !== null ? { account, sort_code: sortCode } : null;
}

/** The recipient of `row`. */
export function presentRecipient(row: RecipientRow): PaymentRecipientBody {
  return {
    recipient_id: row.recipient_id,
    name: row.name,
    iban: row.iban,
    bacs: bacsOf(row.bacs_account, row.bacs_sort_code),
    address: row.address === null ? null : (JSON.parse(row.address) as RecipientAddress),
  };
}

/** The schedule stored with a standing order, or null for a one-time payment. */
export function scheduleOf(row: Pick<PaymentRow, 'schedule'>): Schedule | null {
  return row.schedule === null ? null : (JSON.parse(row.schedule) as Schedule);
}

/** The payment of `row` at `now`. */
export function presentPayment(row: PaymentRow, now: Date): PaymentBody {
  const { status, lastStatusUpdate } = effectiveStatus(row, now);
  const schedule = scheduleOf(row);
  const next =
    schedule && LIVE_ORDER_STATUSES.includes(status) ? (nextPaymentDate(schedule, ukDate(now)) ?? null) : null;
  return {
    payment_id: row.payment_id,
    payment_token: row.payment_token,
    reference: row.reference,
    amount: { currency: row.currency as PaymentBody['amount']['currency'], value: Number(row.amount) },
    status,
    last_status_update: lastStatusUpdate,
    payment_expiration_time: row.expires_at,
    recipient_id: row.recipient_id,
    bacs: bacsOf(row.recipient_bacs_account, row.recipient_bacs_sort_code),
    iban: row.recipient_iban,
    schedule: schedule && { ...schedule, end_date: schedule.end_date ?? null },
    next_payment_date: next,
    refund_details: row.refund_details === null ? null : (JSON.parse(row.refund_details) as RefundDetails),
    refund:
      row.refund_id === null
        ? null
        : {
            refund_id: row.refund_id,
            status: (row.refund_status ?? 'INITIATED') as 'INITIATED' | 'EXECUTED' | 'FAILED',
          },
  };
}
