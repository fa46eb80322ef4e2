/** Finding a payment of the calling client. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../engine/store/database.js';
import { paymentRefusalError } from './errors.js';
import { findPayment, type PaymentRow } from './queries.js';

/** The payment `paymentId` of `clientId`, or `INVALID_PAYMENT_ID` (also for another client's payment). */
export async function paymentOfClient(
  db: Kysely<Database> | Transaction<Database>,
  clientId: string,
  paymentId: string,
): Promise<PaymentRow> {
  const payment = await findPayment(db, clientId, paymentId);
  if (!payment) {
    throw paymentRefusalError({ code: 'INVALID_PAYMENT_ID', paymentId });
  }
  return payment;
}
