import { readFileSync } from 'node:fs';
import { listOperations, type OpenApiDocument, requestExamples } from '@svc/openapi-kit';
import { openapiJsonPath } from '@svc/spec';
import { describe, expect, it } from 'vitest';
import {
  CANONICAL_AWAITING_PAYMENT,
  CANONICAL_PAYMENT,
  CANONICAL_STANDING_ORDER,
  CANONICAL_UK_RECIPIENT,
} from '../../../src/features/payments/canonical.js';
import { SANDBOX_PAYER } from '../../../src/features/payments/payer.js';
import type { OperationId } from '../../../src/generated/handlers.gen.js';
import { describeEngines, type TestSandbox } from '../../support/harness.js';
import { executedPayment, gbpPayment, ibanOnlyRecipient, ukRecipient } from '../../support/payment-fixtures.js';

const DAY = 24 * 60 * 60 * 1000;
const document = JSON.parse(readFileSync(openapiJsonPath, 'utf8')) as OpenApiDocument;
const PAYMENT_OPERATIONS = listOperations(document).filter(
  (entry) => entry.path.startsWith('/payment_initiation/') || entry.path === '/sandbox/payment/simulate',
);

describeEngines('payment initiation: the docs examples on a fresh sandbox', (sandbox) => {
  it('answers every request example of the payment operations with a 200, in document order', async () => {
    expect(PAYMENT_OPERATIONS.map((entry) => entry.operationId)).toContain('sandboxPaymentSimulate');
    for (const entry of PAYMENT_OPERATIONS) {
      for (const example of requestExamples(document, entry)) {
        const reply = await sandbox().call(entry.operationId as OperationId, example.value as Record<string, unknown>);
        expect(reply.status, `${entry.operationId} example "${example.name}": ${JSON.stringify(reply.body)}`).toBe(200);
      }
    }
  });
});

describeEngines('payments: create and get', (sandbox) => {
  let uk = '';
  let ibanOnly = '';
  let bacsOnly = '';
  it('sets up recipients', async () => {
    uk = await ukRecipient(sandbox(), 'Create Tests UK');
    ibanOnly = await ibanOnlyRecipient(sandbox(), 'Create Tests EUR');
    bacsOnly = (
      await sandbox().ok('paymentInitiationRecipientCreate', {
        name: 'Create Tests BACS',
        bacs: { account: '11112222', sort_code: '334455' },
        address: { street: ['1 Rue de Rivoli'], city: 'Paris', postal_code: '75001', country: 'FR' },
      })
    ).recipient_id;
  });

  it('creates a one-time GBP payment awaiting input, with the recipient account copied and 24 hours to authorise', async () => {
    const created = await sandbox().ok('paymentInitiationPaymentCreate', {
      recipient_id: uk,
      reference: 'Invoice42',
      amount: { currency: 'GBP', value: 12.5 },
    });
    expect(created.status).toBe('PAYMENT_STATUS_INPUT_NEEDED');
    expect(created.payment_id).toMatch(/^payment-id-sandbox-[0-9a-f-]{36}$/);
    const now = sandbox().clock.now();
    const payment = await sandbox().ok('paymentInitiationPaymentGet', { payment_id: created.payment_id });
    expect(payment).toMatchObject({
      payment_id: created.payment_id,
      reference: 'Invoice42',
      amount: { currency: 'GBP', value: 12.5 },
      status: 'PAYMENT_STATUS_INPUT_NEEDED',
      last_status_update: now.toISOString(),
      payment_expiration_time: new Date(now.getTime() + DAY).toISOString(),
      recipient_id: uk,
      bacs: { account: '55555555', sort_code: '202015' },
      iban: 'GB33BUKB20201555555555',
      schedule: null,
      next_payment_date: null,
      refund_details: null,
      refund: null,
    });
    expect(payment.payment_token).toMatch(/^payment-token-sandbox-[0-9a-f-]{36}$/);
  });

  it('creates a EUR payment to a recipient with an IBAN', async () => {
    const created = await sandbox().ok('paymentInitiationPaymentCreate', {
      recipient_id: ibanOnly,
      reference: 'EuroPayment',
      amount: { currency: 'EUR', value: 100 },
    });
    const payment = await sandbox().ok('paymentInitiationPaymentGet', { payment_id: created.payment_id });
    expect(payment).toMatchObject({
      amount: { currency: 'EUR', value: 100 },
      iban: 'DE89370400440532013000',
      bacs: null,
    });
  });

  it.each([
    ['GBP to a recipient without BACS details', 'ibanOnly', 'GBP', 'RECIPIENT_BACS_REQUIRED'],
    ['EUR to a recipient without an IBAN', 'bacsOnly', 'EUR', 'RECIPIENT_IBAN_REQUIRED'],
  ])('refuses %s', async (_name, recipient, currency, code) => {
    const reply = await sandbox().fail('paymentInitiationPaymentCreate', {
      recipient_id: recipient === 'ibanOnly' ? ibanOnly : bacsOnly,
      reference: 'Mismatch',
      amount: { currency, value: 10 },
    });
    expect(reply.body).toMatchObject({ error_type: 'PAYMENT_ERROR', error_code: code });
  });

  it('refuses a currency other than EUR and GBP', async () => {
    const reply = await sandbox().fail('paymentInitiationPaymentCreate', {
      recipient_id: uk,
      reference: 'Dollars',
      amount: { currency: 'USD', value: 10 },
    });
    expect(reply.body).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'INVALID_FIELD' });
  });

  it('refuses an amount with more than two decimals', async () => {
    const reply = await sandbox().fail('paymentInitiationPaymentCreate', {
      recipient_id: uk,
      reference: 'Fraction',
      amount: { currency: 'GBP', value: 12.345 },
    });
    expect(reply.body).toMatchObject({ error_code: 'INVALID_FIELD' });
    // The schema's rule (x-decimal-places), worded by request validation as on the mock (issue 22).
    expect(reply.body.error_message).toBe('amount.value must have at most 2 decimal places, got 12.345');
  });

  it('does not apply the Development amount limit: the sandbox accepts 5 and more', async () => {
    for (const value of [5, 1_000_000]) {
      await gbpPayment(sandbox(), uk, { value });
    }
  });

  it('refuses a payer restricted to both an IBAN and a BACS account', async () => {
    const reply = await sandbox().fail('paymentInitiationPaymentCreate', {
      recipient_id: uk,
      reference: 'TwoPayers',
      amount: { currency: 'GBP', value: 10 },
      options: { iban: 'GB29NWBK60161331926819', bacs: { account: '31926819', sort_code: '601613' } },
    });
    expect(reply.body.error_code).toBe('INVALID_FIELD');
    expect(reply.body.error_message).toContain('options');
  });

  it("answers another client's recipient and an unknown one with INVALID_RECIPIENT_ID", async () => {
    for (const [recipient, as] of [
      [uk, 'demo'],
      ['recipient-id-sandbox-unknown', 'default'],
    ] as const) {
      const reply = await sandbox().fail(
        'paymentInitiationPaymentCreate',
        { recipient_id: recipient, reference: 'Nobody', amount: { currency: 'GBP', value: 1 } },
        as,
      );
      expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_RECIPIENT_ID' });
    }
  });

  describe('standing orders', () => {
    const schedule = { interval: 'MONTHLY', interval_execution_day: 25, start_date: '2026-12-01' } as const;

    it('creates a GBP standing order to a UK recipient; get reports the whole order and its next payment date', async () => {
      const created = await sandbox().ok('paymentInitiationPaymentCreate', {
        recipient_id: uk,
        reference: 'Rent',
        amount: { currency: 'GBP', value: 750 },
        schedule,
      });
      const order = await sandbox().ok('paymentInitiationPaymentGet', { payment_id: created.payment_id });
      expect(order.schedule).toEqual({ ...schedule, end_date: null });
      // 25 December 2026 is a Friday and Christmas; the 28th is the Boxing Day substitute.
      expect(order.next_payment_date).toBe('2026-12-29');
      await sandbox().ok('sandboxPaymentSimulate', {
        payment_id: created.payment_id,
        status: 'PAYMENT_STATUS_ESTABLISHED',
      });
      const established = await sandbox().ok('paymentInitiationPaymentGet', { payment_id: created.payment_id });
      expect(established).toMatchObject({ status: 'PAYMENT_STATUS_ESTABLISHED', next_payment_date: '2026-12-29' });
    });

    it('moves a weekly payment day on a Saturday to the Monday', async () => {
      const created = await sandbox().ok('paymentInitiationPaymentCreate', {
        recipient_id: uk,
        reference: 'Weekly',
        amount: { currency: 'GBP', value: 5 },
        schedule: { interval: 'WEEKLY', interval_execution_day: 6, start_date: '2026-11-03', end_date: '2027-03-01' },
      });
      const order = await sandbox().ok('paymentInitiationPaymentGet', { payment_id: created.payment_id });
      expect(order.next_payment_date).toBe('2026-11-09');
    });

    it.each([
      ['in EUR', { currency: 'EUR' }, 'uk', 'STANDING_ORDER_CURRENCY_NOT_GBP'],
      [
        'in EUR to an IBAN-only recipient (standing-order rules first)',
        { currency: 'EUR' },
        'ibanOnly',
        'STANDING_ORDER_CURRENCY_NOT_GBP',
      ],
      ['to a recipient without BACS details', {}, 'ibanOnly', 'STANDING_ORDER_RECIPIENT_NOT_UK'],
      ['to a recipient with a French address', {}, 'bacsOnly', 'STANDING_ORDER_RECIPIENT_NOT_UK'],
    ])('refuses a standing order %s', async (_name, amount, recipient, code) => {
      const reply = await sandbox().fail('paymentInitiationPaymentCreate', {
        recipient_id: recipient === 'uk' ? uk : recipient === 'ibanOnly' ? ibanOnly : bacsOnly,
        reference: 'Refused',
        amount: { currency: 'GBP', value: 10, ...amount },
        schedule,
      });
      expect(reply.body).toMatchObject({ error_type: 'PAYMENT_ERROR', error_code: code });
    });

    it.each([
      [{ ...schedule, start_date: '2026-11-01' }, 'schedule.start_date 2026-11-01 is in the past'],
      [
        { ...schedule, end_date: '2026-11-30' },
        'schedule.end_date 2026-11-30 is before schedule.start_date 2026-12-01',
      ],
      [{ ...schedule, end_date: '2026-12-20' }, 'the standing order would make no payment'],
    ])('refuses a schedule that breaks its rules (%#)', async (badSchedule, message) => {
      const reply = await sandbox().fail('paymentInitiationPaymentCreate', {
        recipient_id: uk,
        reference: 'BadSchedule',
        amount: { currency: 'GBP', value: 10 },
        schedule: badSchedule,
      });
      expect(reply.body).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'INVALID_FIELD' });
      expect(reply.body.error_message).toContain(message);
    });

    it('refuses a weekly execution day above 7', async () => {
      const reply = await sandbox().fail('paymentInitiationPaymentCreate', {
        recipient_id: uk,
        reference: 'Day9',
        amount: { currency: 'GBP', value: 10 },
        schedule: { interval: 'WEEKLY', interval_execution_day: 9, start_date: '2026-12-01' },
      });
      expect(reply.body).toMatchObject({ error_code: 'INVALID_FIELD' });
    });

    it('checks the request before the recipient: a bad schedule to an unknown recipient is INVALID_FIELD', async () => {
      const reply = await sandbox().fail('paymentInitiationPaymentCreate', {
        recipient_id: 'recipient-id-sandbox-unknown',
        reference: 'Order',
        amount: { currency: 'EUR', value: 10 },
        schedule: { ...schedule, start_date: '2026-01-01' },
      });
      expect(reply.body.error_code).toBe('INVALID_FIELD');
    });
  });

  it("answers another client's payment and an unknown one with INVALID_PAYMENT_ID", async () => {
    const paymentId = await gbpPayment(sandbox(), uk);
    for (const [id, as] of [
      [paymentId, 'demo'],
      [CANONICAL_PAYMENT.paymentId, 'demo'],
      ['payment-id-sandbox-unknown', 'default'],
    ] as const) {
      const reply = await sandbox().fail('paymentInitiationPaymentGet', { payment_id: id }, as);
      expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_PAYMENT_ID' });
    }
  });
});

describeEngines('payments: the canonical world', (sandbox) => {
  it('seeds the executed TestPayment with refund details, the standing order and the payment awaiting input', async () => {
    const payment = await sandbox().ok('paymentInitiationPaymentGet', { payment_id: CANONICAL_PAYMENT.paymentId });
    expect(payment).toMatchObject({
      reference: 'TestPayment',
      amount: { currency: 'GBP', value: 100 },
      status: 'PAYMENT_STATUS_EXECUTED',
      recipient_id: CANONICAL_UK_RECIPIENT.recipientId,
      payment_token: CANONICAL_PAYMENT.paymentToken,
      refund_details: SANDBOX_PAYER,
      refund: null,
    });
    const order = await sandbox().ok('paymentInitiationPaymentGet', { payment_id: CANONICAL_STANDING_ORDER.paymentId });
    expect(order).toMatchObject({ status: 'PAYMENT_STATUS_ESTABLISHED', next_payment_date: '2032-03-01' });
    const awaiting = await sandbox().ok('paymentInitiationPaymentGet', {
      payment_id: CANONICAL_AWAITING_PAYMENT.paymentId,
    });
    expect(awaiting.status).toBe('PAYMENT_STATUS_INPUT_NEEDED');
  });
});

describeEngines('payments: reversal', (sandbox) => {
  let uk = '';
  it('sets up a recipient', async () => {
    uk = await ukRecipient(sandbox(), 'Reversal Tests');
  });

  it('reverses the canonical payment once: refund INITIATED, status unchanged; a second reversal is refused', async () => {
    const before = await sandbox().ok('paymentInitiationPaymentGet', { payment_id: CANONICAL_PAYMENT.paymentId });
    sandbox().clock.advance(1000);
    const refund = await sandbox().ok('paymentInitiationPaymentReverse', { payment_id: CANONICAL_PAYMENT.paymentId });
    expect(refund.status).toBe('INITIATED');
    expect(refund.refund_id).toMatch(/^wallet-transaction-id-sandbox-[0-9a-f-]{36}$/);
    const after = await sandbox().ok('paymentInitiationPaymentGet', { payment_id: CANONICAL_PAYMENT.paymentId });
    expect(after).toMatchObject({
      status: 'PAYMENT_STATUS_EXECUTED',
      last_status_update: before.last_status_update,
      refund: { refund_id: refund.refund_id, status: 'INITIATED' },
    });
    const again = await sandbox().fail('paymentInitiationPaymentReverse', { payment_id: CANONICAL_PAYMENT.paymentId });
    expect(again.body).toMatchObject({ error_type: 'PAYMENT_ERROR', error_code: 'PAYMENT_ALREADY_REVERSED' });
    expect(again.body.error_message).toContain(refund.refund_id);
  });

  it('lets exactly one of many concurrent reversals of one payment succeed', async () => {
    const paymentId = await executedPayment(sandbox(), uk);
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => sandbox().call('paymentInitiationPaymentReverse', { payment_id: paymentId })),
    );
    const succeeded = replies.filter((reply) => reply.status === 200);
    expect(succeeded).toHaveLength(1);
    for (const reply of replies.filter((each) => each.status !== 200)) {
      expect(reply.body).toMatchObject({ error_code: 'PAYMENT_ALREADY_REVERSED' });
    }
    const payment = await sandbox().ok('paymentInitiationPaymentGet', { payment_id: paymentId });
    const winner = succeeded[0]?.body as { refund_id: string } | undefined;
    expect(payment.refund?.refund_id).toBe(winner?.refund_id);
  });

  it('reverses a completed payment', async () => {
    const paymentId = await executedPayment(sandbox(), uk);
    await sandbox().ok('sandboxPaymentSimulate', { payment_id: paymentId, status: 'PAYMENT_STATUS_COMPLETED' });
    await sandbox().ok('paymentInitiationPaymentReverse', { payment_id: paymentId });
  });

  it.each([
    ['awaiting input', undefined, 'has status PAYMENT_STATUS_INPUT_NEEDED'],
    ['initiated', 'PAYMENT_STATUS_INITIATED', 'has status PAYMENT_STATUS_INITIATED'],
    ['rejected', 'PAYMENT_STATUS_REJECTED', 'has status PAYMENT_STATUS_REJECTED'],
    ['cancelled', 'PAYMENT_STATUS_CANCELLED', 'has status PAYMENT_STATUS_CANCELLED'],
  ] as const)('refuses to reverse a payment %s (PAYMENT_NOT_REVERSIBLE)', async (_name, status, message) => {
    const paymentId = await gbpPayment(sandbox(), uk, { request_refund_details: true });
    if (status) {
      await sandbox().ok('sandboxPaymentSimulate', { payment_id: paymentId, status });
    }
    const reply = await sandbox().fail('paymentInitiationPaymentReverse', { payment_id: paymentId });
    expect(reply.body).toMatchObject({ error_type: 'PAYMENT_ERROR', error_code: 'PAYMENT_NOT_REVERSIBLE' });
    expect(reply.body.error_message).toContain(message);
  });

  it('refuses to reverse a standing order', async () => {
    const reply = await sandbox().fail('paymentInitiationPaymentReverse', {
      payment_id: CANONICAL_STANDING_ORDER.paymentId,
    });
    expect(reply.body).toMatchObject({ error_code: 'PAYMENT_NOT_REVERSIBLE' });
    expect(reply.body.error_message).toContain('is a standing order');
  });

  it('refuses to reverse an executed payment without refund details (REFUND_DETAILS_UNAVAILABLE)', async () => {
    const paymentId = await gbpPayment(sandbox(), uk);
    await sandbox().ok('sandboxPaymentSimulate', { payment_id: paymentId, status: 'PAYMENT_STATUS_EXECUTED' });
    const reply = await sandbox().fail('paymentInitiationPaymentReverse', { payment_id: paymentId });
    expect(reply.body).toMatchObject({ error_type: 'PAYMENT_ERROR', error_code: 'REFUND_DETAILS_UNAVAILABLE' });
  });

  it("answers another client's payment with INVALID_PAYMENT_ID", async () => {
    const paymentId = await executedPayment(sandbox(), uk);
    const reply = await sandbox().fail('paymentInitiationPaymentReverse', { payment_id: paymentId }, 'demo');
    expect(reply.body.error_code).toBe('INVALID_PAYMENT_ID');
    await sandbox().ok('paymentInitiationPaymentReverse', { payment_id: paymentId });
  });
});

describeEngines('payments: list', (sandbox) => {
  let uk = '';

  async function allPages(count: number, onPage?: (page: number) => Promise<void>): Promise<string[]> {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 100; page++) {
      const reply = await sandbox().ok('paymentInitiationPaymentList', cursor ? { count, cursor } : { count });
      expect(reply.payments.length).toBeLessThanOrEqual(count);
      seen.push(...reply.payments.map((payment) => payment.payment_id));
      await onPage?.(page);
      if (reply.next_cursor === null) {
        return seen;
      }
      cursor = reply.next_cursor;
    }
    throw new Error('paging did not end');
  }

  async function listAll(box: TestSandbox): Promise<string[]> {
    const { payments } = await box.ok('paymentInitiationPaymentList', { count: 200 });
    return payments.map((payment) => payment.payment_id);
  }

  it('sets up a recipient', async () => {
    uk = await ukRecipient(sandbox(), 'List Tests');
  });

  it('returns the 10 most recent payments by default, newest first, with a cursor to the rest', async () => {
    const created: string[] = [];
    for (let index = 0; index < 12; index++) {
      sandbox().clock.advance(1000);
      created.push(await gbpPayment(sandbox(), uk));
    }
    const first = await sandbox().ok('paymentInitiationPaymentList', {});
    expect(first.payments.map((payment) => payment.payment_id)).toEqual(created.slice(2).reverse());
    expect(first.next_cursor).not.toBeNull();
    const rest = await sandbox().ok('paymentInitiationPaymentList', { cursor: first.next_cursor as string });
    expect(rest.payments.slice(0, 2).map((payment) => payment.payment_id)).toEqual(created.slice(0, 2).reverse());
  });

  it('pages through payments created in the same instant without repeats or gaps', async () => {
    const created: string[] = [];
    for (let index = 0; index < 7; index++) {
      created.push(await gbpPayment(sandbox(), uk));
    }
    const expected = await listAll(sandbox());
    expect(expected.slice(0, 7)).toEqual([...created].reverse());
    for (const count of [1, 2, 3]) {
      const seen = await allPages(count);
      expect(seen, `count ${count}`).toEqual(expected);
    }
  });

  it('neither repeats nor skips a payment while new payments arrive between pages', async () => {
    sandbox().clock.advance(1000);
    const expected = await listAll(sandbox());
    const arrived: string[] = [];
    const seen = await allPages(3, async (page) => {
      if (page < 3) {
        arrived.push(await gbpPayment(sandbox(), uk));
        if (page === 1) {
          sandbox().clock.advance(1000);
        }
      }
    });
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(seen.length);
    const now = await listAll(sandbox());
    expect(now.slice(0, 3)).toEqual([...arrived].reverse());
  });

  it('moves a payment whose status changes to the head of the list', async () => {
    const { payments: all } = await sandbox().ok('paymentInitiationPaymentList', { count: 200 });
    const oldest = all.filter((payment) => payment.status === 'PAYMENT_STATUS_INPUT_NEEDED').at(-1)
      ?.payment_id as string;
    expect(all.at(0)?.payment_id).not.toBe(oldest);
    sandbox().clock.advance(1000);
    await sandbox().ok('sandboxPaymentSimulate', { payment_id: oldest, status: 'PAYMENT_STATUS_PROCESSING' });
    const { payments } = await sandbox().ok('paymentInitiationPaymentList', { count: 1 });
    expect(payments[0]).toMatchObject({ payment_id: oldest, status: 'PAYMENT_STATUS_PROCESSING' });
  });

  it('takes a date-time cursor: only payments last updated strictly earlier', async () => {
    const all = (await sandbox().ok('paymentInitiationPaymentList', { count: 200 })).payments;
    const pivot = all[5]?.last_status_update as string;
    const { payments } = await sandbox().ok('paymentInitiationPaymentList', { count: 200, cursor: pivot });
    expect(payments.length).toBeGreaterThan(0);
    expect(payments).toEqual(all.filter((payment) => payment.last_status_update < pivot));
  });

  it('lists an expired payment by its expiry time, as expired', async () => {
    const paymentId = await gbpPayment(sandbox(), uk);
    const created = sandbox().clock.now().getTime();
    sandbox().clock.advance(DAY + 60_000);
    const later = await gbpPayment(sandbox(), uk);
    const { payments } = await sandbox().ok('paymentInitiationPaymentList', { count: 2 });
    expect(payments.map((payment) => payment.payment_id)).toEqual([later, paymentId]);
    expect(payments[1]).toMatchObject({
      status: 'PAYMENT_STATUS_EXPIRED',
      last_status_update: new Date(created + DAY).toISOString(),
    });
  });

  it.each([
    [{ cursor: 'page2' }, 'cursor must be a next_cursor value or an RFC 3339 date-time, got "page2"'],
    [{ cursor: 'page 2!' }, 'cursor'],
    [{ count: 0 }, 'count'],
    [{ count: 201 }, 'count'],
  ])('refuses %j with INVALID_FIELD', async (body, message) => {
    const reply = await sandbox().fail('paymentInitiationPaymentList', body);
    expect(reply.body).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'INVALID_FIELD' });
    expect(reply.body.error_message).toContain(message);
  });

  it("lists only the client's own payments", async () => {
    const { payments } = await sandbox().ok('paymentInitiationPaymentList', {}, 'demo');
    expect(payments).toEqual([]);
  });
});
