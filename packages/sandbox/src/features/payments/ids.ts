/**
 * Identifiers of payment initiation records, in the forms the API documents:
 * `recipient-id-sandbox-<uuid>`, `payment-id-sandbox-<uuid>`, `payment-token-sandbox-<uuid>`,
 * `wallet-transaction-id-sandbox-<uuid>` (refunds).
 */
import { randomUUID } from 'node:crypto';
import { ENVIRONMENT } from '../../engine/index.js';

/** A new recipient id. */
export function newRecipientId(): string {
  return `recipient-id-${ENVIRONMENT}-${randomUUID()}`;
}

/** A new payment id. */
export function newPaymentId(): string {
  return `payment-id-${ENVIRONMENT}-${randomUUID()}`;
}

/** A new payment token (deprecated flow). */
export function newPaymentToken(): string {
  return `payment-token-${ENVIRONMENT}-${randomUUID()}`;
}

/** A new refund id. */
export function newRefundId(): string {
  return `wallet-transaction-id-${ENVIRONMENT}-${randomUUID()}`;
}
