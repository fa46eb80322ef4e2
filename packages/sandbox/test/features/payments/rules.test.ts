import { describe, expect, it } from 'vitest';
import { paymentRefusalError } from '../../../src/features/payments/errors.js';
import {
  createRequestSchedule,
  type PaymentCreateFacts,
  type PaymentFacts,
  type PaymentRefusal,
  paymentTokenRefusal,
  type RecipientFacts,
  recipientDetailsRefusal,
  recipientFitRefusal,
  reversalRefusal,
  simulationStep,
  tokenCreationRefusal,
} from '../../../src/features/payments/rules.js';
import type { PaymentStatus } from '../../../src/features/payments/status.js';

const NOW = new Date('2026-11-25T12:00:00Z');

const PAYMENT: PaymentFacts = {
  payment_id: 'p-1',
  status: 'PAYMENT_STATUS_INPUT_NEEDED',
  last_status_update: '2026-11-25T11:00:00Z',
  expires_at: '2026-11-26T11:00:00Z',
  schedule: null,
  refund_id: null,
  refund_details: null,
  payment_token: 'tok-1',
  payment_token_used_at: null,
  payment_token_expires_at: '2026-11-25T12:10:00Z',
};

describe('createRequestSchedule', () => {
  const base: PaymentCreateFacts = { amount: { currency: 'GBP', value: 12.34 } };

  it.each<[string, PaymentCreateFacts, string | null]>([
    ['a one-time payment', base, null],
    ['three decimals', { amount: { currency: 'GBP', value: 12.345 } }, 'amount.value'],
    ['both payer restrictions', { ...base, options: { iban: 'GB33BUKB20201555555555', bacs: {} } }, 'options'],
    ['a payer IBAN with wrong check digits', { ...base, options: { iban: 'GB33BUKB20201555555556' } }, 'options.iban'],
    ['a valid payer IBAN', { ...base, options: { iban: 'GB33BUKB20201555555555' } }, null],
  ])('%s', (_name, request, field) => {
    const outcome = createRequestSchedule(request, '2026-11-25');
    if (field === null) {
      expect(outcome).toEqual({ ok: true, value: null });
    } else {
      expect(outcome).toMatchObject({ ok: false, refusal: { code: 'INVALID_FIELD', field } });
    }
  });

  it('gives the schedule of a standing order that keeps the rules', () => {
    const schedule = { interval: 'MONTHLY' as const, interval_execution_day: 1, start_date: '2026-12-01' };
    expect(createRequestSchedule({ ...base, schedule }, '2026-11-25')).toEqual({
      ok: true,
      value: { ...schedule, end_date: null },
    });
  });
});

describe('recipientFitRefusal', () => {
  const UK: RecipientFacts = { recipient_id: 'r-uk', iban: null, bacs_account: '12345678', address: null };
  const EU: RecipientFacts = {
    recipient_id: 'r-eu',
    iban: 'DE89370400440532013000',
    bacs_account: null,
    address: JSON.stringify({ country: 'DE' }),
  };
  const UK_WITH_FR_ADDRESS: RecipientFacts = { ...UK, address: JSON.stringify({ country: 'FR' }) };

  it.each<[string, string, boolean, RecipientFacts, PaymentRefusal | null]>([
    ['GBP to a BACS recipient', 'GBP', false, UK, null],
    ['EUR to an IBAN recipient', 'EUR', false, EU, null],
    ['a GBP standing order to a UK recipient', 'GBP', true, UK, null],
    ['a EUR standing order', 'EUR', true, EU, { code: 'STANDING_ORDER_CURRENCY_NOT_GBP', currency: 'EUR' }],
    [
      'a standing order to a recipient without BACS',
      'GBP',
      true,
      EU,
      { code: 'STANDING_ORDER_RECIPIENT_NOT_UK', recipientId: 'r-eu', reason: 'no BACS details' },
    ],
    [
      'a standing order to a recipient outside the UK',
      'GBP',
      true,
      UK_WITH_FR_ADDRESS,
      { code: 'STANDING_ORDER_RECIPIENT_NOT_UK', recipientId: 'r-uk', reason: 'address.country FR' },
    ],
    ['GBP to a recipient without BACS', 'GBP', false, EU, { code: 'RECIPIENT_BACS_REQUIRED', recipientId: 'r-eu' }],
    ['EUR to a recipient without IBAN', 'EUR', false, UK, { code: 'RECIPIENT_IBAN_REQUIRED', recipientId: 'r-uk' }],
  ])('%s', (_name, currency, scheduled, recipient, refusal) => {
    expect(recipientFitRefusal(currency, scheduled, recipient)).toEqual(refusal);
  });
});

describe('recipientDetailsRefusal', () => {
  const address = { street: ['1 Main St'], city: 'Town', postal_code: '1', country: 'GB' };

  it.each<[string, string | null, string, PaymentRefusal | null]>([
    ['a UK IBAN and address', 'GB33BUKB20201555555555', 'GB', null],
    ['BACS only, a UK address', null, 'GB', null],
    [
      'wrong check digits (before the country)',
      'TR330006100519786457841327',
      'US',
      {
        code: 'INVALID_FIELD',
        field: 'iban',
        message: 'TR330006100519786457841327 fails the ISO 13616 check-digit test',
      },
    ],
    [
      'an IBAN outside SEPA',
      'TR330006100519786457841326',
      'GB',
      { code: 'RECIPIENT_COUNTRY_NOT_SEPA', field: 'iban', iban: 'TR330006100519786457841326', country: 'TR' },
    ],
    [
      'an address outside SEPA',
      'GB33BUKB20201555555555',
      'US',
      { code: 'RECIPIENT_COUNTRY_NOT_SEPA', field: 'address.country', country: 'US' },
    ],
  ])('%s', (_name, iban, country, refusal) => {
    const details = { name: 'n', iban, bacs: null, address: { ...address, country } };
    expect(recipientDetailsRefusal(details)).toEqual(refusal);
  });
});

describe('reversalRefusal', () => {
  const executed = { ...PAYMENT, status: 'PAYMENT_STATUS_EXECUTED', refund_details: '{}' };

  it.each<[string, PaymentFacts, PaymentRefusal | null]>([
    ['an executed payment with refund details', executed, null],
    ['a completed one', { ...executed, status: 'PAYMENT_STATUS_COMPLETED' }, null],
    [
      'one reversed already (wins over everything)',
      { ...executed, refund_id: 'rf-1', schedule: '{}' },
      { code: 'PAYMENT_ALREADY_REVERSED', paymentId: 'p-1', refundId: 'rf-1' },
    ],
    [
      'a standing order',
      { ...executed, schedule: '{}' },
      { code: 'PAYMENT_NOT_REVERSIBLE', paymentId: 'p-1', standingOrder: true },
    ],
    [
      'a payment still awaiting input',
      { ...PAYMENT, refund_details: '{}' },
      { code: 'PAYMENT_NOT_REVERSIBLE', paymentId: 'p-1', standingOrder: false, status: 'PAYMENT_STATUS_INPUT_NEEDED' },
    ],
    [
      'one that expired on the clock',
      { ...PAYMENT, expires_at: '2026-11-25T11:30:00Z' },
      { code: 'PAYMENT_NOT_REVERSIBLE', paymentId: 'p-1', standingOrder: false, status: 'PAYMENT_STATUS_EXPIRED' },
    ],
    [
      'one without refund details',
      { ...executed, refund_details: null },
      { code: 'REFUND_DETAILS_UNAVAILABLE', paymentId: 'p-1' },
    ],
  ])('%s', (_name, payment, refusal) => {
    expect(reversalRefusal(payment, NOW)).toEqual(refusal);
  });
});

describe('paymentTokenRefusal', () => {
  it.each<[string, PaymentFacts, string, 'not-current' | 'used' | 'expired' | null]>([
    ['the current token', PAYMENT, 'tok-1', null],
    ['another token', PAYMENT, 'tok-0', 'not-current'],
    ['a used token', { ...PAYMENT, payment_token_used_at: '2026-11-25T11:59:00Z' }, 'tok-1', 'used'],
    ['an expired token', { ...PAYMENT, payment_token_expires_at: '2026-11-25T12:00:00Z' }, 'tok-1', 'expired'],
  ])('%s', (_name, payment, token, problem) => {
    const refusal = paymentTokenRefusal(payment, token, NOW);
    expect(refusal === null ? null : refusal.code === 'INVALID_PAYMENT_TOKEN' && refusal.problem).toEqual(problem);
  });
});

describe('tokenCreationRefusal', () => {
  it.each<[string, PaymentFacts, PaymentRefusal | null]>([
    ['a payment awaiting input', PAYMENT, null],
    [
      'one awaiting input with its token used (a new one replaces it)',
      { ...PAYMENT, payment_token_used_at: '2026-11-25T11:59:00Z' },
      null,
    ],
    [
      'one that moved on',
      { ...PAYMENT, status: 'PAYMENT_STATUS_PROCESSING' },
      {
        code: 'PAYMENT_NOT_AWAITING_INPUT',
        paymentId: 'p-1',
        status: 'PAYMENT_STATUS_PROCESSING',
        to: 'create a token',
      },
    ],
    [
      'one that expired on the clock, at its expiry instant',
      { ...PAYMENT, expires_at: '2026-11-25T12:00:00.000Z' },
      { code: 'PAYMENT_NOT_AWAITING_INPUT', paymentId: 'p-1', status: 'PAYMENT_STATUS_EXPIRED', to: 'create a token' },
    ],
  ])('%s', (_name, payment, refusal) => {
    expect(tokenCreationRefusal(payment, NOW)).toEqual(refusal);
  });
});

describe('simulationStep', () => {
  it('changes nothing when the payment has the status already (without a token)', () => {
    expect(simulationStep(PAYMENT, 'PAYMENT_STATUS_INPUT_NEEDED', undefined, NOW)).toEqual({
      ok: true,
      value: { change: false },
    });
  });

  it('moves a one-time payment along the path to the target', () => {
    const step = simulationStep(PAYMENT, 'PAYMENT_STATUS_EXECUTED', undefined, NOW);
    expect(step).toMatchObject({ ok: true, value: { change: true } });
    expect(step.ok && step.value.change && step.value.path.at(-1)).toBe('PAYMENT_STATUS_EXECUTED');
  });

  it.each<[string, PaymentFacts, string, PaymentRefusal['code']]>([
    ['a wrong token', PAYMENT, 'tok-0', 'INVALID_PAYMENT_TOKEN'],
    [
      'a token of a payment no longer awaiting input',
      { ...PAYMENT, status: 'PAYMENT_STATUS_INITIATED' },
      'tok-1',
      'PAYMENT_NOT_AWAITING_INPUT',
    ],
  ])('refuses %s', (_name, payment, token, code) => {
    expect(simulationStep(payment, 'PAYMENT_STATUS_EXECUTED', token, NOW)).toMatchObject({
      ok: false,
      refusal: { code },
    });
  });

  it.each<[string, PaymentFacts, PaymentStatus, PaymentRefusal]>([
    [
      'a standing-order status on a one-time payment',
      PAYMENT,
      'PAYMENT_STATUS_ESTABLISHED',
      {
        code: 'SANDBOX_PAYMENT_STATUS_TRANSITION_INVALID',
        paymentId: 'p-1',
        status: 'PAYMENT_STATUS_INPUT_NEEDED',
        target: 'PAYMENT_STATUS_ESTABLISHED',
        reachable: expect.any(Array),
        targetOnlyFor: 'standing_order',
      },
    ],
    [
      'a step back from a final status',
      { ...PAYMENT, status: 'PAYMENT_STATUS_EXECUTED' },
      'PAYMENT_STATUS_INITIATED',
      {
        code: 'SANDBOX_PAYMENT_STATUS_TRANSITION_INVALID',
        paymentId: 'p-1',
        status: 'PAYMENT_STATUS_EXECUTED',
        target: 'PAYMENT_STATUS_INITIATED',
        reachable: ['PAYMENT_STATUS_COMPLETED'],
        targetOnlyFor: null,
      },
    ],
  ])('refuses %s', (_name, payment, target, refusal) => {
    expect(simulationStep(payment, target, undefined, NOW)).toEqual({
      ok: false,
      refusal,
    });
  });
});

describe('paymentRefusalError', () => {
  it.each<[PaymentRefusal, string, string]>([
    [{ code: 'INVALID_PAYMENT_ID', paymentId: 'p' }, 'INVALID_INPUT', 'payment_id does not match any payment'],
    [{ code: 'INVALID_RECIPIENT_ID', recipientId: 'r' }, 'INVALID_INPUT', 'recipient_id does not match'],
    [
      { code: 'RECIPIENT_COUNTRY_NOT_SEPA', field: 'address.country', country: 'US' },
      'PAYMENT_ERROR',
      'address.country US is not a SEPA country; payment recipients must be in a SEPA country',
    ],
    [
      { code: 'PAYMENT_NOT_REVERSIBLE', paymentId: 'p', standingOrder: false, status: 'PAYMENT_STATUS_FAILED' },
      'PAYMENT_ERROR',
      'payment_id p has status PAYMENT_STATUS_FAILED; only PAYMENT_STATUS_EXECUTED or PAYMENT_STATUS_COMPLETED payments can be reversed',
    ],
    [
      { code: 'PAYMENT_NOT_AWAITING_INPUT', paymentId: 'p', status: 'PAYMENT_STATUS_FAILED', to: 'create a token' },
      'PAYMENT_ERROR',
      'payment_id p has status PAYMENT_STATUS_FAILED; payment tokens can only be created for PAYMENT_STATUS_INPUT_NEEDED payments',
    ],
    [
      { code: 'INVALID_PAYMENT_TOKEN', paymentId: 'p', token: 't', problem: 'used', expiresAt: 'x' },
      'INVALID_INPUT',
      'payment_token t was already used; a payment token is single use',
    ],
    [
      { code: 'PAYMENT_TOKEN_FLOW_UNAVAILABLE', to: 'simulate with a token' },
      'PAYMENT_ERROR',
      'payment_token belongs to',
    ],
    [
      {
        code: 'SANDBOX_PAYMENT_STATUS_TRANSITION_INVALID',
        paymentId: 'p',
        status: 'PAYMENT_STATUS_FAILED',
        target: 'PAYMENT_STATUS_EXECUTED',
        reachable: [],
        targetOnlyFor: null,
      },
      'SANDBOX_ERROR',
      'payment_id p has status PAYMENT_STATUS_FAILED, from which PAYMENT_STATUS_EXECUTED cannot be reached; PAYMENT_STATUS_FAILED is final',
    ],
  ])('answers %j as its code, worded once', (refusal, type, start) => {
    const { init } = paymentRefusalError(refusal);
    expect(init).toMatchObject({ type, code: refusal.code });
    expect(init.message.startsWith(start)).toBe(true);
  });
});
