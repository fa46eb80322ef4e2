/**
 * Payments: create (EUR/GBP, the recipient's account details, standing orders GBP to UK
 * recipients with a valid schedule), get (a standing order reports the whole order) and list (most
 * recently updated first, cursor paging without repeats or gaps). The Development environment's
 * amount limit is not applied: this is the Sandbox environment. Also assembles every payment
 * initiation handler into {@link paymentHandlers}.
 */

import { type HandlerGroup, orRefuse, refuseIf } from '../../engine/index.js';
import { requestDefaults } from '../../generated/handlers.gen.js';
import { paymentOfClient } from './access.js';
import { paymentChangeHandlers } from './change-operations.js';
import { paymentRefusalError } from './errors.js';
import { newPaymentId, newPaymentToken } from './ids.js';
import { decodeCursor, encodeCursor } from './list-cursor.js';
import { presentPayment } from './present.js';
import { insertPayment, listPayments } from './queries.js';
import { recipientHandlers, recipientOfClient } from './recipient-operations.js';
import { refundHandlers } from './refunds.js';
import { createRequestSchedule, recipientFitRefusal } from './rules.js';
import { AUTHORISATION_WINDOW_MS } from './status.js';
import { paymentTokenExpiry } from './token-flow.js';
import { ukDate } from './uk-calendar.js';

/** Default page size of `/payment_initiation/payment/list`. */
export const DEFAULT_PAYMENT_PAGE_SIZE = requestDefaults.paymentInitiationPaymentList.count;

const ownHandlers: HandlerGroup<
  'paymentInitiationPaymentCreate' | 'paymentInitiationPaymentGet' | 'paymentInitiationPaymentList'
> = {
  async paymentInitiationPaymentCreate(request, context) {
    const schedule = orRefuse(createRequestSchedule(request, ukDate(context.now)), paymentRefusalError);
    const recipient = await recipientOfClient(context, request.recipient_id);
    refuseIf(recipientFitRefusal(request.amount.currency, schedule !== null, recipient), paymentRefusalError);
    const now = context.now.toISOString();
    const expiresAt = new Date(context.now.getTime() + AUTHORISATION_WINDOW_MS).toISOString();
    const paymentId = newPaymentId();
    // The recipient was read before: the transaction is its insert alone, sent with `begin` and
    // the commit on PostgreSQL.
    await context.store.transaction(async (trx) => {
      await insertPayment(trx, {
        payment_id: paymentId,
        client_id: context.client.client_id,
        recipient_id: recipient.recipient_id,
        reference: request.reference,
        currency: request.amount.currency,
        amount: request.amount.value,
        status: 'PAYMENT_STATUS_INPUT_NEEDED',
        created_at: now,
        last_status_update: now,
        expires_at: expiresAt,
        recipient_iban: recipient.iban,
        recipient_bacs_account: recipient.bacs_account,
        recipient_bacs_sort_code: recipient.bacs_sort_code,
        schedule: schedule ? JSON.stringify(schedule) : null,
        request_refund_details: request.options?.request_refund_details ? 1 : 0,
        payer_iban: request.options?.iban ?? null,
        payer_bacs_account: request.options?.bacs?.account ?? null,
        payer_bacs_sort_code: request.options?.bacs?.sort_code ?? null,
        refund_details: null,
        refund_id: null,
        refund_status: null,
        refund_created_at: null,
        payment_token: newPaymentToken(),
        payment_token_expires_at: paymentTokenExpiry(context.now, expiresAt),
        payment_token_used_at: null,
      });
    });
    return { payment_id: paymentId, status: 'PAYMENT_STATUS_INPUT_NEEDED' };
  },

  async paymentInitiationPaymentGet(request, context) {
    const payment = await paymentOfClient(context.store.db, context.client.client_id, request.payment_id);
    return presentPayment(payment, context.now);
  },

  async paymentInitiationPaymentList(request, context) {
    const count = request.count ?? DEFAULT_PAYMENT_PAGE_SIZE;
    const bound = request.cursor === undefined ? undefined : decodeCursor(request.cursor);
    if (request.cursor !== undefined && !bound) {
      throw paymentRefusalError({
        code: 'INVALID_FIELD',
        field: 'cursor',
        message: `must be a next_cursor value or an RFC 3339 date-time, got "${request.cursor}"`,
      });
    }
    const rows = await listPayments(context.store.db, {
      clientId: context.client.client_id,
      now: context.now.toISOString(),
      bound,
      limit: count + 1,
    });
    const page = rows.slice(0, count);
    const last = page.at(-1);
    return {
      payments: page.map((row) => presentPayment(row, context.now)),
      next_cursor:
        rows.length > count && last
          ? encodeCursor({ lastStatusUpdate: last.effective_update, sequence: last.change_seq })
          : null,
    };
  },
};

/** Every payment initiation handler: recipients, payments, reversal, payment tokens, and the sandbox simulation. */
export const paymentHandlers = {
  ...recipientHandlers,
  ...ownHandlers,
  ...paymentChangeHandlers,
  ...refundHandlers,
};
