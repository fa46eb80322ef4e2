/**
 * Changes to existing payments: reversal (a refund `INITIATED`, once per payment, only for
 * executed one-time payments with refund details), the deprecated payment token (single use,
 * 20 minutes, only while awaiting input, only for clients that keep the flow), and the sandbox
 * simulation of the user's and the bank's outcome. Of two concurrent requests exactly one
 * succeeds: a reversal is one conditional UPDATE; a token or a simulation is decided on the
 * payment read locked (`lockedPayment`), and its change, still conditional, goes with the commit.
 * On PostgreSQL each costs two round trips: `begin` with the first statement, then the last
 * statement with the `commit`.
 */
import type { Transaction } from 'kysely';
import {
  type AfterCommit,
  type Database,
  finishWith,
  type HandlerContext,
  type HandlerGroup,
  orRefuse,
  refuseIf,
} from '../../engine/index.js';
import { changedNoRow, paymentFound, paymentToChange } from './access.js';
import { paymentRefusalError } from './errors.js';
import { newPaymentToken, newRefundId } from './ids.js';
import { refundDetailsFor } from './payer.js';
import { presentPayment } from './present.js';
import { finishWithStatusChange, finishWithTokenReplacement, type PaymentRow, recordReversal } from './queries.js';
import { scheduleRefundExecution } from './refunds.js';
import { reversalRefusal, simulationStep, tokenCreationRefusal } from './rules.js';
import type { PaymentStatus } from './status.js';
import { hasPaymentTokenFlow, paymentTokenExpiry } from './token-flow.js';

/** What a simulation's transaction leaves: the payment as it is, or the answer of its change. */
type Simulated = { payment: PaymentRow } | { changed: AfterCommit<PaymentRow | undefined> };

/** The simulation's change, inside `trx`, decided on the payment as it is (locked). */
async function simulate(
  trx: Transaction<Database>,
  context: HandlerContext,
  request: { payment_id: string; status: PaymentStatus; payment_token?: string },
): Promise<Simulated> {
  const payment = await paymentToChange(trx, context.client.client_id, request.payment_id);
  const step = orRefuse(
    simulationStep(payment, request.status, request.payment_token, context.now),
    paymentRefusalError,
  );
  if (!step.change) {
    return { payment };
  }
  const executed = step.path.includes('PAYMENT_STATUS_EXECUTED') && payment.request_refund_details === 1;
  const payer = {
    iban: payment.payer_iban,
    bacs:
      payment.payer_bacs_account !== null && payment.payer_bacs_sort_code !== null
        ? { account: payment.payer_bacs_account, sort_code: payment.payer_bacs_sort_code }
        : null,
  };
  const changed = await finishWithStatusChange(trx, {
    clientId: payment.client_id,
    paymentId: payment.payment_id,
    from: payment.status,
    to: request.status,
    now: context.now.toISOString(),
    ...(executed ? { refundDetails: JSON.stringify(refundDetailsFor(payer)) } : {}),
    ...(request.payment_token !== undefined ? { useToken: request.payment_token } : {}),
  });
  return { changed };
}

/** The reversal, payment token and simulation handlers. */
export const paymentChangeHandlers: HandlerGroup<
  'paymentInitiationPaymentReverse' | 'paymentInitiationPaymentTokenCreate' | 'sandboxPaymentSimulate'
> = {
  async paymentInitiationPaymentReverse(request, context) {
    const clientId = context.client.client_id;
    const refundId = newRefundId();
    return context.store.transaction(async (trx) => {
      const reversal = await recordReversal(trx, {
        clientId,
        paymentId: request.payment_id,
        refundId,
        now: context.now.toISOString(),
      });
      if (!reversal.recorded) {
        refuseIf(reversalRefusal(paymentFound(reversal.payment, request.payment_id), context.now), paymentRefusalError);
        throw new Error(`payment ${request.payment_id} is reversible but its reversal changed no row`);
      }
      // The last statement: sent with the commit on PostgreSQL.
      await finishWith(trx, () =>
        scheduleRefundExecution(trx, { clientId, paymentId: request.payment_id, now: context.now }),
      );
      return { refund_id: refundId, status: 'INITIATED' as const };
    });
  },

  async paymentInitiationPaymentTokenCreate(request, context) {
    const clientId = context.client.client_id;
    if (!hasPaymentTokenFlow(clientId)) {
      throw paymentRefusalError({ code: 'PAYMENT_TOKEN_FLOW_UNAVAILABLE', to: 'create a token' });
    }
    const token = newPaymentToken();
    const { expiresAt, replaced } = await context.store.transaction(async (trx) => {
      const payment = await paymentToChange(trx, clientId, request.payment_id);
      refuseIf(tokenCreationRefusal(payment, context.now), paymentRefusalError);
      const expiresAt = paymentTokenExpiry(context.now, payment.expires_at);
      const replaced = await finishWithTokenReplacement(trx, {
        clientId,
        paymentId: payment.payment_id,
        token,
        expiresAt,
        now: context.now.toISOString(),
      });
      return { expiresAt, replaced };
    });
    if (!(await replaced.answer)) {
      throw changedNoRow('new payment token', request.payment_id);
    }
    return { payment_token: token, payment_token_expiration_time: expiresAt };
  },

  async sandboxPaymentSimulate(request, context) {
    if (request.payment_token !== undefined && !hasPaymentTokenFlow(context.client.client_id)) {
      throw paymentRefusalError({ code: 'PAYMENT_TOKEN_FLOW_UNAVAILABLE', to: 'simulate with a token' });
    }
    const simulated = await context.store.transaction((trx) => simulate(trx, context, request));
    const payment = 'payment' in simulated ? simulated.payment : await simulated.changed.answer;
    if (!payment) {
      throw changedNoRow('simulated status change', request.payment_id);
    }
    return { payment: presentPayment(payment, context.now) };
  },
};
