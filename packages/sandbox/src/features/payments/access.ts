/** Finding a payment of the calling client. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../engine/index.js';
import { paymentRefusalError } from './errors.js';
import { findPayment, lockedPayment, type PaymentRow } from './queries.js';

/** `payment` (of the calling client), or `INVALID_PAYMENT_ID` when there is none. */
export function paymentFound(payment: PaymentRow | undefined, paymentId: string): PaymentRow {
  if (!payment) {
    throw paymentRefusalError({ code: 'INVALID_PAYMENT_ID', paymentId });
  }
  return payment;
}

/** The payment `paymentId` of `clientId`, or `INVALID_PAYMENT_ID` (also for another client's payment). */
export async function paymentOfClient(
  db: Kysely<Database> | Transaction<Database>,
  clientId: string,
  paymentId: string,
): Promise<PaymentRow> {
  return paymentFound(await findPayment(db, clientId, paymentId), paymentId);
}

/**
 * The payment `paymentId` of `clientId` for a change decided on it inside `trx` (locked on
 * PostgreSQL until `trx` ends, see `lockedPayment`), or `INVALID_PAYMENT_ID`.
 */
export async function paymentToChange(
  trx: Transaction<Database>,
  clientId: string,
  paymentId: string,
): Promise<PaymentRow> {
  return paymentFound(await lockedPayment(trx, clientId, paymentId), paymentId);
}

/** The error of a change decided on a locked payment that then changed no row (a broken invariant). */
export function changedNoRow(what: string, paymentId: string): Error {
  return new Error(`the ${what} of payment ${paymentId}, decided on the locked payment, changed no row`);
}
