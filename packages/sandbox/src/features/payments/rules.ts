/**
 * The rules of payment initiation, as pure functions over the request and what was read: each
 * returns the refusal that applies, first matching rule first, or null (or the value asked for)
 * when the call may go on. The operations raise a refusal through `paymentRefusalError`
 * (errors.ts), the one place its wording lives.
 */
import { type Outcome, refused } from '../../engine/index.js';
import { hasAtMostTwoDecimals } from './amount.js';
import { hasValidIbanCheckDigits, ibanCountry } from './iban.js';
import type { RecipientDetails } from './recipient-details.js';
import { type Schedule, scheduleProblem } from './schedule.js';
import { isSepaCountry } from './sepa.js';
import {
  effectiveStatus,
  type PaymentKind,
  type PaymentStatus,
  pathBetween,
  REVERSIBLE_STATUSES,
  reachableStatuses,
} from './status.js';
import type { CalendarDate } from './uk-calendar.js';

/** A refusal of a payment operation: its error code and what the message names. */
export type PaymentRefusal =
  /** A request rule the schema cannot express. */
  | { code: 'INVALID_FIELD'; field: string; message: string }
  | { code: 'INVALID_PAYMENT_ID'; paymentId: string }
  | { code: 'INVALID_RECIPIENT_ID'; recipientId: string }
  | { code: 'RECIPIENT_COUNTRY_NOT_SEPA'; field: 'iban'; iban: string; country: string }
  | { code: 'RECIPIENT_COUNTRY_NOT_SEPA'; field: 'address.country'; country: string }
  | { code: 'STANDING_ORDER_CURRENCY_NOT_GBP'; currency: string }
  | { code: 'STANDING_ORDER_RECIPIENT_NOT_UK'; recipientId: string; reason: string }
  | { code: 'RECIPIENT_BACS_REQUIRED'; recipientId: string }
  | { code: 'RECIPIENT_IBAN_REQUIRED'; recipientId: string }
  | { code: 'PAYMENT_ALREADY_REVERSED'; paymentId: string; refundId: string }
  | { code: 'PAYMENT_NOT_REVERSIBLE'; paymentId: string; standingOrder: true }
  | { code: 'PAYMENT_NOT_REVERSIBLE'; paymentId: string; standingOrder: false; status: PaymentStatus }
  | { code: 'REFUND_DETAILS_UNAVAILABLE'; paymentId: string }
  | {
      code: 'PAYMENT_NOT_AWAITING_INPUT';
      paymentId: string;
      status: PaymentStatus;
      to: 'use a token' | 'create a token';
    }
  | {
      code: 'INVALID_PAYMENT_TOKEN';
      paymentId: string;
      token: string;
      problem: 'not-current' | 'used' | 'expired';
      expiresAt: string;
    }
  | { code: 'PAYMENT_TOKEN_FLOW_UNAVAILABLE'; to: 'create a token' | 'simulate with a token' }
  | {
      code: 'SANDBOX_PAYMENT_STATUS_TRANSITION_INVALID';
      paymentId: string;
      status: PaymentStatus;
      target: PaymentStatus;
      /** The statuses the payment can still move to. */
      reachable: PaymentStatus[];
      /** The kind of payment `target` belongs to, when it is not the payment's own. */
      targetOnlyFor: PaymentKind | null;
    };

/** A value the call may go on with, or the refusal. */
export type PaymentOutcome<T> = Outcome<T, PaymentRefusal>;

const INPUT_NEEDED: PaymentStatus = 'PAYMENT_STATUS_INPUT_NEEDED';

/** An `INVALID_FIELD` refusal. */
function invalidField(field: string, message: string): PaymentRefusal {
  return { code: 'INVALID_FIELD', field, message };
}

/** The kind of a stored payment: a standing order has a schedule. */
export function kindOf(payment: { schedule: string | null }): PaymentKind {
  return payment.schedule === null ? 'one_time' : 'standing_order';
}

/** What `/payment_initiation/payment/create` asks for, as the rules read it. */
export interface PaymentCreateFacts {
  amount: { currency: string; value: number };
  schedule?: {
    interval: Schedule['interval'];
    interval_execution_day: number;
    start_date: string;
    end_date?: string | null;
  };
  options?: { iban?: string | null; bacs?: unknown };
}

/**
 * The request rules of a payment the schema cannot express (two decimals, the schedule on
 * `today`'s UK date, at most one payer restriction with valid IBAN check digits), and the
 * schedule when they hold.
 */
export function createRequestSchedule(
  request: PaymentCreateFacts,
  today: CalendarDate,
): PaymentOutcome<Schedule | null> {
  if (!hasAtMostTwoDecimals(request.amount.value)) {
    return refused(
      invalidField('amount.value', `must be greater than 0 with at most two decimals, got ${request.amount.value}`),
    );
  }
  const schedule: Schedule | null = request.schedule
    ? {
        interval: request.schedule.interval,
        interval_execution_day: request.schedule.interval_execution_day,
        start_date: request.schedule.start_date,
        end_date: request.schedule.end_date ?? null,
      }
    : null;
  const problem = schedule && scheduleProblem(schedule, today);
  if (problem) {
    return refused(invalidField(problem.field, problem.message));
  }
  const options = request.options;
  if (options?.iban && options.bacs) {
    return refused(
      invalidField('options', 'must not restrict the payer to both an iban and a bacs account: give at most one'),
    );
  }
  if (options?.iban && !hasValidIbanCheckDigits(options.iban)) {
    return refused(invalidField('options.iban', `${options.iban} fails the ISO 13616 check-digit test`));
  }
  return { ok: true, value: schedule };
}

/** What the recipient rules of a payment read of its recipient. */
export interface RecipientFacts {
  recipient_id: string;
  iban: string | null;
  bacs_account: string | null;
  /** JSON of the address, null when none. */
  address: string | null;
}

/**
 * Whether a payment of `currency` (a standing order when `scheduled`) can be paid to
 * `recipient`: standing orders are GBP to UK recipients; GBP needs BACS details, EUR an IBAN.
 */
export function recipientFitRefusal(
  currency: string,
  scheduled: boolean,
  recipient: RecipientFacts,
): PaymentRefusal | null {
  const recipientId = recipient.recipient_id;
  if (scheduled && currency !== 'GBP') {
    return { code: 'STANDING_ORDER_CURRENCY_NOT_GBP', currency };
  }
  if (scheduled) {
    const country = recipient.address === null ? null : (JSON.parse(recipient.address) as { country: string }).country;
    const reason =
      recipient.bacs_account === null
        ? 'no BACS details'
        : country !== null && country !== 'GB'
          ? `address.country ${country}`
          : null;
    if (reason) {
      return { code: 'STANDING_ORDER_RECIPIENT_NOT_UK', recipientId, reason };
    }
  }
  if (currency === 'GBP' && recipient.bacs_account === null) {
    return { code: 'RECIPIENT_BACS_REQUIRED', recipientId };
  }
  if (currency === 'EUR' && recipient.iban === null) {
    return { code: 'RECIPIENT_IBAN_REQUIRED', recipientId };
  }
  return null;
}

/** Whether a recipient's details can be accepted: IBAN check digits, then SEPA countries of the IBAN and the address. */
export function recipientDetailsRefusal(details: RecipientDetails): PaymentRefusal | null {
  if (details.iban !== null && !hasValidIbanCheckDigits(details.iban)) {
    return invalidField('iban', `${details.iban} fails the ISO 13616 check-digit test`);
  }
  if (details.iban !== null && !isSepaCountry(ibanCountry(details.iban))) {
    return {
      code: 'RECIPIENT_COUNTRY_NOT_SEPA',
      field: 'iban',
      iban: details.iban,
      country: ibanCountry(details.iban),
    };
  }
  if (details.address !== null && !isSepaCountry(details.address.country)) {
    return { code: 'RECIPIENT_COUNTRY_NOT_SEPA', field: 'address.country', country: details.address.country };
  }
  return null;
}

/** What the reversal, token and simulation rules read of a payment. */
export interface PaymentFacts {
  payment_id: string;
  status: string;
  last_status_update: string;
  expires_at: string;
  schedule: string | null;
  refund_id: string | null;
  refund_details: string | null;
  payment_token: string;
  payment_token_used_at: string | null;
  payment_token_expires_at: string;
}

/**
 * Why `payment` cannot be reversed at `now`, in the order of the rules (reversed once, one-time
 * payments only, executed or completed only, with refund details); null when it can be.
 */
export function reversalRefusal(payment: PaymentFacts, now: Date): PaymentRefusal | null {
  const paymentId = payment.payment_id;
  if (payment.refund_id !== null) {
    return { code: 'PAYMENT_ALREADY_REVERSED', paymentId, refundId: payment.refund_id };
  }
  if (payment.schedule !== null) {
    return { code: 'PAYMENT_NOT_REVERSIBLE', paymentId, standingOrder: true };
  }
  const { status } = effectiveStatus(payment, now);
  if (!REVERSIBLE_STATUSES.includes(status)) {
    return { code: 'PAYMENT_NOT_REVERSIBLE', paymentId, standingOrder: false, status };
  }
  if (payment.refund_details === null) {
    return { code: 'REFUND_DETAILS_UNAVAILABLE', paymentId };
  }
  return null;
}

/** Why a payment token cannot be created for `payment` at `now` (it no longer awaits input); null when it can. */
export function tokenCreationRefusal(payment: PaymentFacts, now: Date): PaymentRefusal | null {
  const { status } = effectiveStatus(payment, now);
  return status === INPUT_NEEDED
    ? null
    : { code: 'PAYMENT_NOT_AWAITING_INPUT', paymentId: payment.payment_id, status, to: 'create a token' };
}

/** Whether `token` is the payment's current, unused, unexpired payment token at `now`. */
export function paymentTokenRefusal(payment: PaymentFacts, token: string, now: Date): PaymentRefusal | null {
  const problem =
    payment.payment_token !== token
      ? 'not-current'
      : payment.payment_token_used_at !== null
        ? 'used'
        : now.getTime() >= Date.parse(payment.payment_token_expires_at)
          ? 'expired'
          : null;
  return problem === null
    ? null
    : {
        code: 'INVALID_PAYMENT_TOKEN',
        paymentId: payment.payment_id,
        token,
        problem,
        expiresAt: payment.payment_token_expires_at,
      };
}

/** What a simulation does to a payment: nothing (it has the status already), or move it along `path`. */
export type SimulationStep = { change: false } | { change: true; path: PaymentStatus[] };

/**
 * The step of simulating `target` on `payment` at `now`, with the user's payment `token` when
 * given (the deprecated flow: the token must be valid and the payment awaiting input).
 */
export function simulationStep(
  payment: PaymentFacts,
  target: PaymentStatus,
  token: string | undefined,
  now: Date,
): PaymentOutcome<SimulationStep> {
  const { status } = effectiveStatus(payment, now);
  if (token !== undefined) {
    const invalid = paymentTokenRefusal(payment, token, now);
    if (invalid) {
      return refused(invalid);
    }
    if (status !== INPUT_NEEDED) {
      return refused({ code: 'PAYMENT_NOT_AWAITING_INPUT', paymentId: payment.payment_id, status, to: 'use a token' });
    }
  } else if (status === target) {
    return { ok: true, value: { change: false } };
  }
  const kind = kindOf(payment);
  const path = pathBetween(kind, status, target);
  if (!path) {
    const otherKind: PaymentKind = kind === 'one_time' ? 'standing_order' : 'one_time';
    const otherKindOnly =
      !reachableStatuses(kind, INPUT_NEEDED).includes(target) &&
      reachableStatuses(otherKind, INPUT_NEEDED).includes(target);
    return refused({
      code: 'SANDBOX_PAYMENT_STATUS_TRANSITION_INVALID',
      paymentId: payment.payment_id,
      status,
      target,
      reachable: reachableStatuses(kind, status),
      targetOnlyFor: otherKindOnly ? otherKind : null,
    });
  }
  return { ok: true, value: { change: true, path } };
}
