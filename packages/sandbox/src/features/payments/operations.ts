/**
 * Payments: create (EUR/GBP, the recipient's account details, standing orders GBP to UK
 * recipients with a valid schedule), get (a standing order reports the whole order) and list (most
 * recently updated first, cursor paging without repeats or gaps). The Development environment's
 * amount limit is not applied: this is the Sandbox environment. Also assembles every payment
 * initiation handler into {@link paymentHandlers}.
 */

import { invalidField } from '../../engine/errors/sandbox-error.js';
import type { HandlerGroup, RequestOf } from '../../engine/handler-types.js';
import { paymentError, paymentOfClient } from './access.js';
import { hasAtMostTwoDecimals } from './amount.js';
import { paymentChangeHandlers } from './change-operations.js';
import { hasValidIbanCheckDigits } from './iban.js';
import { newPaymentId, newPaymentToken } from './ids.js';
import { decodeCursor, encodeCursor } from './list-cursor.js';
import { presentPayment } from './present.js';
import { insertPayment, listPayments, nextChangeSeq } from './queries.js';
import { recipientHandlers, recipientOfClient } from './recipient-operations.js';
import type { RecipientRow } from './recipient-queries.js';
import { type Schedule, scheduleProblem } from './schedule.js';
import { AUTHORISATION_WINDOW_MS } from './status.js';
import { paymentTokenExpiry } from './token-flow.js';
import { ukDate } from './uk-calendar.js';

/** Default page size of `/payment_initiation/payment/list`. */
export const DEFAULT_PAYMENT_PAGE_SIZE = 10;

type CreateRequest = RequestOf<'paymentInitiationPaymentCreate'>;

/** The request rules the schema cannot express: two decimals, the schedule, the payer restriction. */
function checkCreateRequest(request: CreateRequest, now: Date): Schedule | null {
  if (!hasAtMostTwoDecimals(request.amount.value)) {
    throw invalidField('amount.value', `must be greater than 0 with at most two decimals, got ${request.amount.value}`);
  }
  const schedule: Schedule | null = request.schedule
    ? {
        interval: request.schedule.interval,
        interval_execution_day: request.schedule.interval_execution_day,
        start_date: request.schedule.start_date,
        end_date: request.schedule.end_date ?? null,
      }
    : null;
  const problem = schedule && scheduleProblem(schedule, ukDate(now));
  if (problem) {
    throw invalidField(problem.field, problem.message);
  }
  const options = request.options;
  if (options?.iban && options.bacs) {
    throw invalidField('options', 'must not restrict the payer to both an iban and a bacs account: give at most one');
  }
  if (options?.iban && !hasValidIbanCheckDigits(options.iban)) {
    throw invalidField('options.iban', `${options.iban} fails the ISO 13616 check-digit test`);
  }
  return schedule;
}

/** The standing-order rules, then the recipient's account details for the currency. */
function checkRecipientFits(request: CreateRequest, schedule: Schedule | null, recipient: RecipientRow): void {
  const id = recipient.recipient_id;
  if (schedule && request.amount.currency !== 'GBP') {
    throw paymentError(
      'STANDING_ORDER_CURRENCY_NOT_GBP',
      `amount.currency must be GBP when schedule is given: standing orders are GBP only, got ${request.amount.currency}`,
    );
  }
  if (schedule) {
    const country = recipient.address === null ? null : (JSON.parse(recipient.address) as { country: string }).country;
    const reason =
      recipient.bacs_account === null
        ? 'no BACS details'
        : country !== null && country !== 'GB'
          ? `address.country ${country}`
          : null;
    if (reason) {
      throw paymentError(
        'STANDING_ORDER_RECIPIENT_NOT_UK',
        `recipient_id ${id} is not a UK recipient (${reason}); standing orders can only be paid to UK recipients`,
        'Create a recipient with bacs details and a GB address, or remove schedule.',
      );
    }
  }
  if (request.amount.currency === 'GBP' && recipient.bacs_account === null) {
    throw paymentError(
      'RECIPIENT_BACS_REQUIRED',
      `recipient_id ${id} has no BACS details; domestic GBP payments need a recipient created with bacs`,
      'Create the recipient with bacs (account number and sort code) and pay that recipient.',
    );
  }
  if (request.amount.currency === 'EUR' && recipient.iban === null) {
    throw paymentError(
      'RECIPIENT_IBAN_REQUIRED',
      `recipient_id ${id} has no IBAN; EUR payments need a recipient created with iban`,
      'Create the recipient with an iban and pay that recipient.',
    );
  }
}

const ownHandlers: HandlerGroup<
  'paymentInitiationPaymentCreate' | 'paymentInitiationPaymentGet' | 'paymentInitiationPaymentList'
> = {
  async paymentInitiationPaymentCreate(request, context) {
    const schedule = checkCreateRequest(request, context.now);
    const recipient = await recipientOfClient(context, request.recipient_id);
    checkRecipientFits(request, schedule, recipient);
    const now = context.now.toISOString();
    const expiresAt = new Date(context.now.getTime() + AUTHORISATION_WINDOW_MS).toISOString();
    const paymentId = newPaymentId();
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
        change_seq: await nextChangeSeq(trx),
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
      throw invalidField('cursor', `must be a next_cursor value or an RFC 3339 date-time, got "${request.cursor}"`);
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
};
