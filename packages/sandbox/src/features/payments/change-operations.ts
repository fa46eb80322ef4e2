/**
 * Changes to existing payments: reversal (a refund `INITIATED`, once per payment, only for
 * executed one-time payments with refund details), the deprecated payment token (single use,
 * 20 minutes, only while awaiting input, only for clients that keep the flow), and the sandbox
 * simulation of the user's and the bank's outcome. Each change is one conditional UPDATE, so of
 * two concurrent requests exactly one succeeds.
 */
import type { Transaction } from 'kysely';
import { orRefuse, refuseIf } from '../../engine/errors/refusal.js';
import type { HandlerContext, HandlerGroup } from '../../engine/handler-types.js';
import type { Database } from '../../engine/store/database.js';
import { paymentOfClient } from './access.js';
import { paymentRefusalError } from './errors.js';
import { newPaymentToken, newRefundId } from './ids.js';
import { refundDetailsFor } from './payer.js';
import { presentPayment } from './present.js';
import { changeStatus, nextChangeSeq, type PaymentRow, recordReversal, replacePaymentToken } from './queries.js';
import { scheduleRefundExecution } from './refunds.js';
import { reversalRefusal, simulationStep } from './rules.js';
import { effectiveStatus, type PaymentStatus } from './status.js';
import { hasPaymentTokenFlow, paymentTokenExpiry } from './token-flow.js';

/** How often a simulation re-reads a payment that a concurrent request changed under it. */
const SIMULATION_ATTEMPTS = 3;

/** The simulation's change, inside `trx`: the payment after it (unchanged when it already had the status). */
async function simulate(
  trx: Transaction<Database>,
  context: HandlerContext,
  request: { payment_id: string; status: PaymentStatus; payment_token?: string },
): Promise<PaymentRow> {
  const clientId = context.client.client_id;
  for (let attempt = 0; attempt < SIMULATION_ATTEMPTS; attempt++) {
    const payment = await paymentOfClient(trx, clientId, request.payment_id);
    const step = orRefuse(
      simulationStep(payment, request.status, request.payment_token, context.now),
      paymentRefusalError,
    );
    if (!step.change) {
      return payment;
    }
    const { path } = step;
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
        refuseIf(
          reversalRefusal(await paymentOfClient(trx, clientId, request.payment_id), context.now),
          paymentRefusalError,
        );
        throw new Error(`payment ${request.payment_id} is reversible but its reversal changed no row`);
      }
      await scheduleRefundExecution(trx, { clientId, paymentId: request.payment_id, now: context.now });
      return { refund_id: refundId, status: 'INITIATED' as const };
    });
  },

  async paymentInitiationPaymentTokenCreate(request, context) {
    const clientId = context.client.client_id;
    if (!hasPaymentTokenFlow(clientId)) {
      throw paymentRefusalError({ code: 'PAYMENT_TOKEN_FLOW_UNAVAILABLE', to: 'create a token' });
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
        throw paymentRefusalError({
          code: 'PAYMENT_NOT_AWAITING_INPUT',
          paymentId: current.payment_id,
          status: effectiveStatus(current, context.now).status,
          to: 'create a token',
        });
      }
      return { payment_token: token, payment_token_expiration_time: expiresAt };
    });
  },

  async sandboxPaymentSimulate(request, context) {
    if (request.payment_token !== undefined && !hasPaymentTokenFlow(context.client.client_id)) {
      throw paymentRefusalError({ code: 'PAYMENT_TOKEN_FLOW_UNAVAILABLE', to: 'simulate with a token' });
    }
    const payment = await context.store.transaction((trx) => simulate(trx, context, request));
    return { payment: presentPayment(payment, context.now) };
  },
};
