/** Finding a payment of the calling client, and the payment errors the handlers share. */
import type { Kysely, Transaction } from 'kysely';
import { invalidInput, SandboxError } from '../../engine/errors/sandbox-error.js';
import type { Database } from '../../engine/store/database.js';
import { findPayment, type PaymentRow } from './queries.js';

/** The payment `paymentId` of `clientId`, or `INVALID_PAYMENT_ID` (also for another client's payment). */
export async function paymentOfClient(
  db: Kysely<Database> | Transaction<Database>,
  clientId: string,
  paymentId: string,
): Promise<PaymentRow> {
  const payment = await findPayment(db, clientId, paymentId);
  if (!payment) {
    throw invalidInput(
      'INVALID_PAYMENT_ID',
      `payment_id does not match any payment of this client: ${paymentId}`,
      'Use a payment_id returned by /payment_initiation/payment/create.',
    );
  }
  return payment;
}

/** A `PAYMENT_ERROR` with `code`. */
export function paymentError(code: string, message: string, suggestedAction?: string): SandboxError {
  return new SandboxError({ type: 'PAYMENT_ERROR', code, message, suggestedAction: suggestedAction ?? null });
}

/** `PAYMENT_TOKEN_FLOW_UNAVAILABLE`: the client is a new client, without the deprecated payment token flow. */
export function tokenFlowUnavailable(message: string, suggestedAction: string): SandboxError {
  return paymentError('PAYMENT_TOKEN_FLOW_UNAVAILABLE', message, suggestedAction);
}
