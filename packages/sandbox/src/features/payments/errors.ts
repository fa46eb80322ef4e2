/**
 * The errors of payment initiation, each worded in one place: a refusal of the rules (rules.ts)
 * as the API's error.
 */
import { invalidField, invalidInput, SandboxError } from '../../engine/index.js';
import type { PaymentRefusal } from './rules.js';
import { REVERSIBLE_STATUSES } from './status.js';
import { PAYMENT_TOKEN_LIFETIME_MS } from './token-flow.js';

/** A `PAYMENT_ERROR` of `code`. */
function paymentError(code: string, message: string, suggestedAction: string | null = null): SandboxError {
  return new SandboxError({ type: 'PAYMENT_ERROR', code, message, suggestedAction });
}

const TOKEN_PROBLEMS = {
  'not-current': (refusal: { paymentId: string }) =>
    `is not the current payment token of payment_id ${refusal.paymentId}: it is unknown or was replaced by a newer one`,
  used: () => 'was already used; a payment token is single use',
  expired: (refusal: { expiresAt: string }) =>
    `expired at ${refusal.expiresAt}; payment tokens live ${PAYMENT_TOKEN_LIFETIME_MS / 60_000} minutes`,
} as const;

const TOKEN_FLOW_UNAVAILABLE = {
  'create a token': [
    '/payment_initiation/payment/token/create is deprecated and not available to this client; pass payment_id to link token creation instead',
    'Create a link token with this payment_id and open Link with it.',
  ],
  'simulate with a token': [
    'payment_token belongs to the deprecated payment token flow, which is not available to this client; leave it out',
    'Simulate the outcome without payment_token (the link-token flow).',
  ],
} as const;

const NOT_AWAITING_INPUT = {
  'use a token': 'a payment token can only be used while the payment is',
  'create a token': 'payment tokens can only be created for',
} as const;

/** The error answering `refusal`. */
export function paymentRefusalError(refusal: PaymentRefusal): SandboxError {
  switch (refusal.code) {
    case 'INVALID_FIELD':
      return invalidField(refusal.field, refusal.message);
    case 'INVALID_PAYMENT_ID':
      return invalidInput(
        refusal.code,
        `payment_id does not match any payment of this client: ${refusal.paymentId}`,
        'Use a payment_id returned by /payment_initiation/payment/create.',
      );
    case 'INVALID_RECIPIENT_ID':
      return invalidInput(
        refusal.code,
        `recipient_id does not match any payment recipient of this client: ${refusal.recipientId}`,
        'Use a recipient_id returned by /payment_initiation/recipient/create.',
      );
    case 'RECIPIENT_COUNTRY_NOT_SEPA':
      return paymentError(
        refusal.code,
        `${
          refusal.field === 'iban'
            ? `iban ${refusal.iban} is from ${refusal.country}, which is not a SEPA country`
            : `address.country ${refusal.country} is not a SEPA country`
        }; payment recipients must be in a SEPA country`,
      );
    case 'STANDING_ORDER_CURRENCY_NOT_GBP':
      return paymentError(
        refusal.code,
        `amount.currency must be GBP when schedule is given: standing orders are GBP only, got ${refusal.currency}`,
      );
    case 'STANDING_ORDER_RECIPIENT_NOT_UK':
      return paymentError(
        refusal.code,
        `recipient_id ${refusal.recipientId} is not a UK recipient (${refusal.reason}); standing orders can only be paid to UK recipients`,
        'Create a recipient with bacs details and a GB address, or remove schedule.',
      );
    case 'RECIPIENT_BACS_REQUIRED':
      return paymentError(
        refusal.code,
        `recipient_id ${refusal.recipientId} has no BACS details; domestic GBP payments need a recipient created with bacs`,
        'Create the recipient with bacs (account number and sort code) and pay that recipient.',
      );
    case 'RECIPIENT_IBAN_REQUIRED':
      return paymentError(
        refusal.code,
        `recipient_id ${refusal.recipientId} has no IBAN; EUR payments need a recipient created with iban`,
        'Create the recipient with an iban and pay that recipient.',
      );
    case 'PAYMENT_ALREADY_REVERSED':
      return paymentError(
        refusal.code,
        `payment_id ${refusal.paymentId} was already reversed (refund ${refusal.refundId}); a payment can be reversed once`,
        "Read the refund in the payment's refund field with /payment_initiation/payment/get.",
      );
    case 'PAYMENT_NOT_REVERSIBLE':
      return refusal.standingOrder
        ? paymentError(
            refusal.code,
            `payment_id ${refusal.paymentId} is a standing order; standing orders cannot be modified, cancelled or reversed through the API`,
            'The end user changes or cancels the standing order with their bank.',
          )
        : paymentError(
            refusal.code,
            `payment_id ${refusal.paymentId} has status ${refusal.status}; only ${REVERSIBLE_STATUSES.join(' or ')} payments can be reversed`,
          );
    case 'REFUND_DETAILS_UNAVAILABLE':
      return paymentError(
        refusal.code,
        `payment_id ${refusal.paymentId} has no refund_details: it was created without options.request_refund_details or the bank did not report the payer account`,
        'Create payments with options.request_refund_details set to true when you may need to reverse them.',
      );
    case 'PAYMENT_NOT_AWAITING_INPUT':
      return paymentError(
        refusal.code,
        `payment_id ${refusal.paymentId} has status ${refusal.status}; ${NOT_AWAITING_INPUT[refusal.to]} PAYMENT_STATUS_INPUT_NEEDED payments`,
      );
    case 'INVALID_PAYMENT_TOKEN':
      return invalidInput(
        refusal.code,
        `payment_token ${refusal.token} ${TOKEN_PROBLEMS[refusal.problem](refusal)}`,
        'Create a new token with /payment_initiation/payment/token/create.',
      );
    case 'PAYMENT_TOKEN_FLOW_UNAVAILABLE': {
      const [message, suggestedAction] = TOKEN_FLOW_UNAVAILABLE[refusal.to];
      return paymentError(refusal.code, message, suggestedAction);
    }
    case 'SANDBOX_PAYMENT_STATUS_TRANSITION_INVALID': {
      const { status, target, reachable, targetOnlyFor } = refusal;
      const onlyFor = targetOnlyFor
        ? ` (${target} applies to ${targetOnlyFor === 'one_time' ? 'one-time payments' : 'standing orders'} only)`
        : '';
      return new SandboxError({
        type: 'SANDBOX_ERROR',
        code: refusal.code,
        message: `payment_id ${refusal.paymentId} has status ${status}, from which ${target} cannot be reached${onlyFor}; ${
          reachable.length > 0 ? `it can move to ${reachable.join(', ')}` : `${status} is final`
        }`,
        suggestedAction: 'Create a new payment to simulate another outcome.',
      });
    }
  }
}
