/**
 * Changes to existing payments: reversal (a refund `INITIATED`, once per payment, only for
 * executed one-time payments with refund details), the deprecated payment token (single use,
 * 20 minutes, only while awaiting input, only for clients that keep the flow), and the sandbox
 * simulation of the user's and the bank's outcome. Each change is one conditional UPDATE, so of
 * two concurrent requests exactly one succeeds.
 */
import type { Transaction } from 'kysely';
import { invalidInput, SandboxError } from '../../engine/errors/sandbox-error.js';
import type { HandlerContext, HandlerGroup } from '../../engine/handler-types.js';
import type { Database } from '../../engine/store/database.js';
import { paymentError, paymentOfClient, tokenFlowUnavailable } from './access.js';
import { newPaymentToken, newRefundId } from './ids.js';
import { refundDetailsFor } from './payer.js';
import { presentPayment } from './present.js';
import { changeStatus, nextChangeSeq, type PaymentRow, recordReversal, replacePaymentToken } from './queries.js';
import {
  effectiveStatus,
  type PaymentKind,
  type PaymentStatus,
  pathBetween,
  REVERSIBLE_STATUSES,
  reachableStatuses,
} from './status.js';
import { hasPaymentTokenFlow, PAYMENT_TOKEN_LIFETIME_MS, paymentTokenExpiry } from './token-flow.js';

const INPUT_NEEDED: PaymentStatus = 'PAYMENT_STATUS_INPUT_NEEDED';

/** How often a simulation re-reads a payment that a concurrent request changed under it. */
const SIMULATION_ATTEMPTS = 3;

function kindOf(payment: PaymentRow): PaymentKind {
  return payment.schedule === null ? 'one_time' : 'standing_order';
}

/** Why `payment` cannot be reversed (it was not reversed by a conditional update), in the order of the rules. */
function reversalRefusal(payment: PaymentRow, now: Date): SandboxError {
  const id = payment.payment_id;
  if (payment.refund_id !== null) {
    return paymentError(
      'PAYMENT_ALREADY_REVERSED',
      `payment_id ${id} was already reversed (refund ${payment.refund_id}); a payment can be reversed once`,
      "Read the refund in the payment's refund field with /payment_initiation/payment/get.",
    );
  }
  if (payment.schedule !== null) {
    return paymentError(
      'PAYMENT_NOT_REVERSIBLE',
      `payment_id ${id} is a standing order; standing orders cannot be modified, cancelled or reversed through the API`,
      'The end user changes or cancels the standing order with their bank.',
    );
  }
  const { status } = effectiveStatus(payment, now);
  if (!REVERSIBLE_STATUSES.includes(status)) {
    return paymentError(
      'PAYMENT_NOT_REVERSIBLE',
      `payment_id ${id} has status ${status}; only ${REVERSIBLE_STATUSES.join(' or ')} payments can be reversed`,
    );
  }
  if (payment.refund_details === null) {
    return paymentError(
      'REFUND_DETAILS_UNAVAILABLE',
      `payment_id ${id} has no refund_details: it was created without options.request_refund_details or the bank did not report the payer account`,
      'Create payments with options.request_refund_details set to true when you may need to reverse them.',
    );
  }
  throw new Error(`payment ${id} is reversible but its reversal changed no row`);
}

function notAwaitingInput(payment: PaymentRow, status: PaymentStatus, what: string): SandboxError {
  return paymentError(
    'PAYMENT_NOT_AWAITING_INPUT',
    `payment_id ${payment.payment_id} has status ${status}; ${what} PAYMENT_STATUS_INPUT_NEEDED payments`,
  );
}

/** `INVALID_PAYMENT_TOKEN` when `token` is not the payment's current, unused, unexpired token. */
function checkPaymentToken(payment: PaymentRow, token: string, now: Date): void {
  const problem =
    payment.payment_token !== token
      ? `is not the current payment token of payment_id ${payment.payment_id}: it is unknown or was replaced by a newer one`
      : payment.payment_token_used_at !== null
        ? 'was already used; a payment token is single use'
        : now.getTime() >= Date.parse(payment.payment_token_expires_at)
          ? `expired at ${payment.payment_token_expires_at}; payment tokens live ${PAYMENT_TOKEN_LIFETIME_MS / 60_000} minutes`
          : undefined;
  if (problem) {
    throw invalidInput(
      'INVALID_PAYMENT_TOKEN',
      `payment_token ${token} ${problem}`,
      'Create a new token with /payment_initiation/payment/token/create.',
    );
  }
}

function transitionInvalid(payment: PaymentRow, status: PaymentStatus, target: PaymentStatus): SandboxError {
  const kind = kindOf(payment);
  const reachable = reachableStatuses(kind, status);
  const otherKind: PaymentKind = kind === 'one_time' ? 'standing_order' : 'one_time';
  const wrongKind =
    !reachableStatuses(kind, INPUT_NEEDED).includes(target) &&
    reachableStatuses(otherKind, INPUT_NEEDED).includes(target)
      ? ` (${target} applies to ${otherKind === 'one_time' ? 'one-time payments' : 'standing orders'} only)`
      : '';
  return new SandboxError({
    type: 'SANDBOX_ERROR',
    code: 'SANDBOX_PAYMENT_STATUS_TRANSITION_INVALID',
    message: `payment_id ${payment.payment_id} has status ${status}, from which ${target} cannot be reached${wrongKind}; ${
      reachable.length > 0 ? `it can move to ${reachable.join(', ')}` : `${status} is final`
    }`,
    suggestedAction: 'Create a new payment to simulate another outcome.',
  });
}

/** The simulation's change, inside `trx`: the payment after it (unchanged when it already had the status). */
async function simulate(
  trx: Transaction<Database>,
  context: HandlerContext,
  request: { payment_id: string; status: PaymentStatus; payment_token?: string },
): Promise<PaymentRow> {
  const clientId = context.client.client_id;
  for (let attempt = 0; attempt < SIMULATION_ATTEMPTS; attempt++) {
    const payment = await paymentOfClient(trx, clientId, request.payment_id);
    const { status } = effectiveStatus(payment, context.now);
    if (request.payment_token !== undefined) {
      checkPaymentToken(payment, request.payment_token, context.now);
      if (status !== INPUT_NEEDED) {
        throw notAwaitingInput(payment, status, 'a payment token can only be used while the payment is');
      }
    } else if (status === request.status) {
      return payment;
    }
    const path = pathBetween(kindOf(payment), status, request.status);
    if (!path) {
      throw transitionInvalid(payment, status, request.status);
    }
    const executed = path.includes('PAYMENT_STATUS_EXECUTED') && payment.request_refund_details === 1;
    const payer = {
      iban: payment.payer_iban,
      bacs:
        payment.payer_bacs_account !== null && payment.payer_bacs_sort_code !== null
          ? { account: payment.payer_bacs_account, sort_code: payment.payer_bacs_sort_code }
          : null,
    };
    const changed = await changeStatus(trx, {
      clientId,
      paymentId: payment.payment_id,
      from: payment.status,
      to: request.status,
      now: context.now.toISOString(),
      changeSeq: await nextChangeSeq(trx),
      ...(executed ? { refundDetails: JSON.stringify(refundDetailsFor(payer)) } : {}),
      ...(request.payment_token !== undefined ? { useToken: request.payment_token } : {}),
    });
    if (changed) {
      return paymentOfClient(trx, clientId, payment.payment_id);
    }
  }
  throw new Error(`payment ${request.payment_id} kept changing during ${SIMULATION_ATTEMPTS} simulation attempts`);
}

/** The reversal, payment token and simulation handlers. */
export const paymentChangeHandlers: HandlerGroup<
  'paymentInitiationPaymentReverse' | 'paymentInitiationPaymentTokenCreate' | 'sandboxPaymentSimulate'
> = {
  async paymentInitiationPaymentReverse(request, context) {
    const clientId = context.client.client_id;
    const refundId = newRefundId();
    return context.store.transaction(async (trx) => {
      const reversed = await recordReversal(trx, {
        clientId,
        paymentId: request.payment_id,
        refundId,
        now: context.now.toISOString(),
      });
      if (!reversed) {
        throw reversalRefusal(await paymentOfClient(trx, clientId, request.payment_id), context.now);
      }
      return { refund_id: refundId, status: 'INITIATED' as const };
    });
  },

  async paymentInitiationPaymentTokenCreate(request, context) {
    const clientId = context.client.client_id;
    if (!hasPaymentTokenFlow(clientId)) {
      throw tokenFlowUnavailable(
        '/payment_initiation/payment/token/create is deprecated and not available to this client; pass payment_id to link token creation instead',
        'Create a link token with this payment_id and open Link with it.',
      );
    }
    return context.store.transaction(async (trx) => {
      const payment = await paymentOfClient(trx, clientId, request.payment_id);
      const token = newPaymentToken();
      const expiresAt = paymentTokenExpiry(context.now, payment.expires_at);
      const replaced = await replacePaymentToken(trx, {
        clientId,
        paymentId: payment.payment_id,
        token,
        expiresAt,
        now: context.now.toISOString(),
      });
      if (!replaced) {
        const current = await paymentOfClient(trx, clientId, payment.payment_id);
        throw notAwaitingInput(
          current,
          effectiveStatus(current, context.now).status,
          'payment tokens can only be created for',
        );
      }
      return { payment_token: token, payment_token_expiration_time: expiresAt };
    });
  },

  async sandboxPaymentSimulate(request, context) {
    if (request.payment_token !== undefined && !hasPaymentTokenFlow(context.client.client_id)) {
      throw tokenFlowUnavailable(
        'payment_token belongs to the deprecated payment token flow, which is not available to this client; leave it out',
        'Simulate the outcome without payment_token (the link-token flow).',
      );
    }
    const payment = await context.store.transaction((trx) => simulate(trx, context, request));
    return { payment: presentPayment(payment, context.now) };
  },
};
