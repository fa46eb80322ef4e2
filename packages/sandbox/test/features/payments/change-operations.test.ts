import { expect, it } from 'vitest';
import { CANONICAL_AWAITING_PAYMENT, CANONICAL_PAYMENT } from '../../../src/features/payments/canonical.js';
import { SANDBOX_PAYER } from '../../../src/features/payments/payer.js';
import { describeEngines } from '../../support/harness.js';
import { executedPayment, gbpPayment, ukRecipient } from '../../support/payment-fixtures.js';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

describeEngines('sandbox payment simulation', (sandbox) => {
  let uk = '';
  it('sets up a recipient', async () => {
    uk = await ukRecipient(sandbox(), 'Simulation Tests');
  });

  it('executes a payment: one change through the statuses in between, refund details from the sandbox payer', async () => {
    const paymentId = await gbpPayment(sandbox(), uk, { request_refund_details: true });
    sandbox().clock.advance(MINUTE);
    const { payment } = await sandbox().ok('sandboxPaymentSimulate', {
      payment_id: paymentId,
      status: 'PAYMENT_STATUS_EXECUTED',
    });
    expect(payment).toMatchObject({
      payment_id: paymentId,
      status: 'PAYMENT_STATUS_EXECUTED',
      last_status_update: sandbox().clock.now().toISOString(),
      refund_details: SANDBOX_PAYER,
    });
    expect(await sandbox().ok('paymentInitiationPaymentGet', { payment_id: paymentId })).toMatchObject({
      status: 'PAYMENT_STATUS_EXECUTED',
      refund_details: SANDBOX_PAYER,
    });
  });

  it('reports the restricted payer account as refund details', async () => {
    const bacs = { account: '12345678', sort_code: '010203' };
    const paymentId = await gbpPayment(sandbox(), uk, { request_refund_details: true, bacs });
    const { payment } = await sandbox().ok('sandboxPaymentSimulate', {
      payment_id: paymentId,
      status: 'PAYMENT_STATUS_COMPLETED',
    });
    expect(payment.refund_details).toEqual({ name: SANDBOX_PAYER.name, iban: null, bacs });
  });

  it('reports no refund details when they were not requested', async () => {
    const paymentId = await gbpPayment(sandbox(), uk);
    const { payment } = await sandbox().ok('sandboxPaymentSimulate', {
      payment_id: paymentId,
      status: 'PAYMENT_STATUS_EXECUTED',
    });
    expect(payment.refund_details).toBeNull();
  });

  it('changes nothing when the payment already has the status (retry-safe)', async () => {
    const paymentId = await gbpPayment(sandbox(), uk);
    const first = await sandbox().ok('sandboxPaymentSimulate', {
      payment_id: paymentId,
      status: 'PAYMENT_STATUS_INITIATED',
    });
    sandbox().clock.advance(MINUTE);
    const again = await sandbox().ok('sandboxPaymentSimulate', {
      payment_id: paymentId,
      status: 'PAYMENT_STATUS_INITIATED',
    });
    expect(again.payment).toEqual(first.payment);
  });

  it.each([
    [
      'a final status',
      'PAYMENT_STATUS_EXECUTED',
      'PAYMENT_STATUS_CANCELLED',
      'it can move to PAYMENT_STATUS_COMPLETED',
    ],
    ['a step backwards', 'PAYMENT_STATUS_INITIATED', 'PAYMENT_STATUS_PROCESSING', 'cannot be reached'],
    [
      'a standing-order status on a one-time payment',
      undefined,
      'PAYMENT_STATUS_ESTABLISHED',
      'applies to standing orders only',
    ],
  ] as const)('refuses %s', async (_name, before, target, message) => {
    const paymentId = await gbpPayment(sandbox(), uk);
    if (before) {
      await sandbox().ok('sandboxPaymentSimulate', { payment_id: paymentId, status: before });
    }
    const reply = await sandbox().fail('sandboxPaymentSimulate', { payment_id: paymentId, status: target });
    expect(reply.body).toMatchObject({
      error_type: 'SANDBOX_ERROR',
      error_code: 'SANDBOX_PAYMENT_STATUS_TRANSITION_INVALID',
    });
    expect(reply.body.error_message).toContain(message);
  });

  it('refuses a one-time payment status on a standing order', async () => {
    const { payment_id } = await sandbox().ok('paymentInitiationPaymentCreate', {
      recipient_id: uk,
      reference: 'Order',
      amount: { currency: 'GBP', value: 10 },
      schedule: { interval: 'WEEKLY', interval_execution_day: 1, start_date: '2026-11-09' },
    });
    const reply = await sandbox().fail('sandboxPaymentSimulate', { payment_id, status: 'PAYMENT_STATUS_EXECUTED' });
    expect(reply.body.error_message).toContain('applies to one-time payments only');
    const failed = await sandbox().ok('sandboxPaymentSimulate', { payment_id, status: 'PAYMENT_STATUS_REJECTED' });
    expect(failed.payment).toMatchObject({ status: 'PAYMENT_STATUS_REJECTED', next_payment_date: null });
  });

  it('expires a payment 24 hours after creation, from the clock; an expired payment cannot move', async () => {
    const paymentId = await gbpPayment(sandbox(), uk);
    const { payment_expiration_time } = await sandbox().ok('paymentInitiationPaymentGet', { payment_id: paymentId });
    sandbox().clock.advance(DAY - 1);
    expect((await sandbox().ok('paymentInitiationPaymentGet', { payment_id: paymentId })).status).toBe(
      'PAYMENT_STATUS_INPUT_NEEDED',
    );
    sandbox().clock.advance(1);
    expect(await sandbox().ok('paymentInitiationPaymentGet', { payment_id: paymentId })).toMatchObject({
      status: 'PAYMENT_STATUS_EXPIRED',
      last_status_update: payment_expiration_time,
    });
    const reply = await sandbox().fail('sandboxPaymentSimulate', {
      payment_id: paymentId,
      status: 'PAYMENT_STATUS_PROCESSING',
    });
    expect(reply.body.error_code).toBe('SANDBOX_PAYMENT_STATUS_TRANSITION_INVALID');
    expect(reply.body.error_message).toContain('PAYMENT_STATUS_EXPIRED');
  });

  it("answers another client's payment with INVALID_PAYMENT_ID", async () => {
    const paymentId = await gbpPayment(sandbox(), uk);
    const reply = await sandbox().fail(
      'sandboxPaymentSimulate',
      { payment_id: paymentId, status: 'PAYMENT_STATUS_EXECUTED' },
      'demo',
    );
    expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_PAYMENT_ID' });
  });
});

describeEngines('deprecated payment tokens', (sandbox) => {
  let uk = '';
  it('sets up a recipient', async () => {
    uk = await ukRecipient(sandbox(), 'Token Tests');
  });

  it('creates tokens for the canonical payment awaiting input (before the clock moves), not for the executed one', async () => {
    await sandbox().ok('paymentInitiationPaymentTokenCreate', { payment_id: CANONICAL_AWAITING_PAYMENT.paymentId });
    const reply = await sandbox().fail('paymentInitiationPaymentTokenCreate', {
      payment_id: CANONICAL_PAYMENT.paymentId,
    });
    expect(reply.body.error_code).toBe('PAYMENT_NOT_AWAITING_INPUT');
  });

  it('is unavailable to new clients (the demo client), in token create and in simulation', async () => {
    const demoRecipient = await ukRecipient(sandbox(), 'Demo Token Tests', 'demo');
    const paymentId = await gbpPayment(sandbox(), demoRecipient, {}, 'demo');
    const reply = await sandbox().fail('paymentInitiationPaymentTokenCreate', { payment_id: paymentId }, 'demo');
    expect(reply.body).toMatchObject({ error_type: 'PAYMENT_ERROR', error_code: 'PAYMENT_TOKEN_FLOW_UNAVAILABLE' });
    const { payment_token } = await sandbox().ok('paymentInitiationPaymentGet', { payment_id: paymentId }, 'demo');
    const simulated = await sandbox().fail(
      'sandboxPaymentSimulate',
      { payment_id: paymentId, status: 'PAYMENT_STATUS_EXECUTED', payment_token },
      'demo',
    );
    expect(simulated.body.error_code).toBe('PAYMENT_TOKEN_FLOW_UNAVAILABLE');
  });

  it('creates a token that lives 20 minutes and replaces the earlier one', async () => {
    const paymentId = await gbpPayment(sandbox(), uk);
    const earlier = (await sandbox().ok('paymentInitiationPaymentGet', { payment_id: paymentId })).payment_token;
    const created = await sandbox().ok('paymentInitiationPaymentTokenCreate', { payment_id: paymentId });
    expect(created.payment_token).toMatch(/^payment-token-sandbox-[0-9a-f-]{36}$/);
    expect(created.payment_token).not.toBe(earlier);
    expect(created.payment_token_expiration_time).toBe(
      new Date(sandbox().clock.now().getTime() + 20 * MINUTE).toISOString(),
    );
    expect((await sandbox().ok('paymentInitiationPaymentGet', { payment_id: paymentId })).payment_token).toBe(
      created.payment_token,
    );
    const replaced = await sandbox().fail('sandboxPaymentSimulate', {
      payment_id: paymentId,
      status: 'PAYMENT_STATUS_EXECUTED',
      payment_token: earlier,
    });
    expect(replaced.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_PAYMENT_TOKEN' });
    expect(replaced.body.error_message).toContain('replaced');
  });

  it('is single use: opening Link with the token uses it up', async () => {
    const paymentId = await gbpPayment(sandbox(), uk);
    const { payment_token } = await sandbox().ok('paymentInitiationPaymentTokenCreate', { payment_id: paymentId });
    const used = await sandbox().ok('sandboxPaymentSimulate', {
      payment_id: paymentId,
      status: 'PAYMENT_STATUS_EXECUTED',
      payment_token,
    });
    expect(used.payment.status).toBe('PAYMENT_STATUS_EXECUTED');
    const again = await sandbox().fail('sandboxPaymentSimulate', {
      payment_id: paymentId,
      status: 'PAYMENT_STATUS_COMPLETED',
      payment_token,
    });
    expect(again.body.error_code).toBe('INVALID_PAYMENT_TOKEN');
    expect(again.body.error_message).toContain('single use');
  });

  it('lets exactly one of two concurrent uses of one token succeed', async () => {
    const paymentId = await gbpPayment(sandbox(), uk);
    const { payment_token } = await sandbox().ok('paymentInitiationPaymentTokenCreate', { payment_id: paymentId });
    const replies = await Promise.all(
      (['PAYMENT_STATUS_PROCESSING', 'PAYMENT_STATUS_CANCELLED'] as const).map((status) =>
        sandbox().call('sandboxPaymentSimulate', { payment_id: paymentId, status, payment_token }),
      ),
    );
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1);
  });

  it('expires a token after 20 minutes; a new one can be created while the payment awaits input', async () => {
    const paymentId = await gbpPayment(sandbox(), uk);
    const { payment_token } = await sandbox().ok('paymentInitiationPaymentTokenCreate', { payment_id: paymentId });
    sandbox().clock.advance(20 * MINUTE);
    const expired = await sandbox().fail('sandboxPaymentSimulate', {
      payment_id: paymentId,
      status: 'PAYMENT_STATUS_EXECUTED',
      payment_token,
    });
    expect(expired.body.error_code).toBe('INVALID_PAYMENT_TOKEN');
    expect(expired.body.error_message).toContain('expired');
    const fresh = await sandbox().ok('paymentInitiationPaymentTokenCreate', { payment_id: paymentId });
    await sandbox().ok('sandboxPaymentSimulate', {
      payment_id: paymentId,
      status: 'PAYMENT_STATUS_EXECUTED',
      payment_token: fresh.payment_token,
    });
  });

  it("never lets a token outlive the payment's authorisation window", async () => {
    const paymentId = await gbpPayment(sandbox(), uk);
    const { payment_expiration_time } = await sandbox().ok('paymentInitiationPaymentGet', { payment_id: paymentId });
    sandbox().clock.advance(DAY - 5 * MINUTE);
    const created = await sandbox().ok('paymentInitiationPaymentTokenCreate', { payment_id: paymentId });
    expect(created.payment_token_expiration_time).toBe(payment_expiration_time);
  });

  it.each([
    ['executed', 'PAYMENT_STATUS_EXECUTED'],
    ['expired', undefined],
  ] as const)('refuses a token for a payment no longer awaiting input (%s)', async (_name, status) => {
    const paymentId = await gbpPayment(sandbox(), uk);
    if (status) {
      await sandbox().ok('sandboxPaymentSimulate', { payment_id: paymentId, status });
    } else {
      sandbox().clock.advance(DAY);
    }
    const reply = await sandbox().fail('paymentInitiationPaymentTokenCreate', { payment_id: paymentId });
    expect(reply.body).toMatchObject({ error_type: 'PAYMENT_ERROR', error_code: 'PAYMENT_NOT_AWAITING_INPUT' });
  });

  it('refuses an unused token for a payment that moved on without it', async () => {
    const paymentId = await gbpPayment(sandbox(), uk);
    const { payment_token } = await sandbox().ok('paymentInitiationPaymentTokenCreate', { payment_id: paymentId });
    await sandbox().ok('sandboxPaymentSimulate', { payment_id: paymentId, status: 'PAYMENT_STATUS_PROCESSING' });
    const reply = await sandbox().fail('sandboxPaymentSimulate', {
      payment_id: paymentId,
      status: 'PAYMENT_STATUS_INITIATED',
      payment_token,
    });
    expect(reply.body.error_code).toBe('PAYMENT_NOT_AWAITING_INPUT');
  });

  it("answers another client's payment and an unknown one with INVALID_PAYMENT_ID", async () => {
    const paymentId = await executedPayment(sandbox(), uk);
    const reply = await sandbox().fail('paymentInitiationPaymentTokenCreate', {
      payment_id: 'payment-id-sandbox-none',
    });
    expect(reply.body.error_code).toBe('INVALID_PAYMENT_ID');
    const other = await sandbox().fail('paymentInitiationPaymentReverse', { payment_id: paymentId }, 'demo');
    expect(other.body.error_code).toBe('INVALID_PAYMENT_ID');
  });
});
