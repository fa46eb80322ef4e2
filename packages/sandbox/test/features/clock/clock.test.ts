/**
 * Per-client test clocks: reading and advancing, the refusals, isolation between two clients,
 * and every clock-driven rule (public token, payment expiry, standing-order dates, refunds
 * executed on schedule, new transactions each day), on SQLite and PostgreSQL.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEngines } from '../../support/harness.js';
import { exchangedItem } from '../../support/items.js';
import { executedPayment, gbpPayment, ukRecipient } from '../../support/payment-fixtures.js';
import { type Receiver, startReceiver } from '../../support/receiver.js';

const START = '2026-11-02T10:00:00.000Z'; // the harness's clock: a Monday

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

describeEngines('test clocks', (sandbox) => {
  beforeEach(async () => {
    sandbox().clock.set(START);
    await sandbox().sandbox.reset();
  });

  const newItem = (initial_products: ('auth' | 'transactions')[], webhook?: string) =>
    exchangedItem(sandbox(), initial_products, webhook);

  it('starts at the sandbox clock, moves by a duration, and keeps running with the real time', async () => {
    expect((await sandbox().ok('sandboxClockGet', {})).clock).toEqual({
      current_time: START,
      offset_ms: 0,
      real_time: START,
    });
    const advanced = await sandbox().ok('sandboxClockAdvance', { duration: 'P1DT31M' });
    expect(advanced.clock).toEqual({
      current_time: '2026-11-03T10:31:00.000Z',
      offset_ms: 88_260_000,
      real_time: START,
    });
    // The canonical reversed payment's refund (seeded on Monday) is executed on Tuesday.
    expect(advanced.performed).toEqual({
      refund_execution: 1,
      transactions_day: 0,
      transfer_post: 0,
      transfer_settle: 0,
    });
    sandbox().clock.advance(60_000);
    expect((await sandbox().ok('sandboxClockGet', {})).clock.current_time).toBe('2026-11-03T10:32:00.000Z');
  });

  it('moves to a target time; the current time again moves nothing (a retry)', async () => {
    const target = '2026-11-09T09:00:00.000Z';
    const moved = await sandbox().ok('sandboxClockAdvance', { target_time: target });
    expect(moved.clock.current_time).toBe(target);
    const again = await sandbox().ok('sandboxClockAdvance', { target_time: target });
    expect(again.clock).toEqual(moved.clock);
  });

  it.each([
    ['a target time in the past', { target_time: '2026-11-01T00:00:00Z' }, 'before the clock'],
    ['a zero duration', { duration: 'PT0S' }, 'longer than zero'],
    ['more than 400 days', { duration: 'P401D' }, '401 days'],
    ['more than 400 days to a target', { target_time: '2027-12-31T00:00:00Z' }, 'at most 400 days'],
    ['months (no fixed length)', { duration: 'P1M' }, 'P1M is not an ISO 8601 duration'],
    ['neither field', {}, 'exactly one of duration and target_time'],
    ['both fields', { duration: 'P1D', target_time: '2026-11-05T00:00:00Z' }, 'exactly one'],
  ])('refuses %s and moves nothing', async (_name, body, message) => {
    const reply = await sandbox().fail('sandboxClockAdvance', body);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ error_type: 'SANDBOX_ERROR', error_code: 'SANDBOX_CLOCK_ADVANCE_INVALID' });
    expect(reply.body.error_message).toContain(message);
    expect((await sandbox().ok('sandboxClockGet', {})).clock.offset_ms).toBe(0);
  });

  it('adds up concurrent advances: each moves the offset it finds', async () => {
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => sandbox().ok('sandboxClockAdvance', { duration: 'PT1M' })),
    );
    expect(replies.map((reply) => reply.clock.offset_ms).sort((a, b) => a - b)).toEqual([
      60_000, 120_000, 180_000, 240_000, 300_000,
    ]);
    expect((await sandbox().ok('sandboxClockGet', {})).clock.offset_ms).toBe(300_000);
  });

  it('accepts exactly 400 days', async () => {
    const moved = await sandbox().ok('sandboxClockAdvance', { duration: 'P400D' });
    expect(moved.clock.offset_ms).toBe(400 * 86_400_000);
  });

  it("moves one client's clock only: the other's tokens and time are untouched", async () => {
    const mine = await sandbox().ok('sandboxPublicTokenCreate', {
      institution_id: 'ins_109508',
      initial_products: ['auth'],
    });
    const theirs = await sandbox().ok(
      'sandboxPublicTokenCreate',
      { institution_id: 'ins_109508', initial_products: ['auth'] },
      'demo',
    );
    await sandbox().ok('sandboxClockAdvance', { duration: 'PT31M' });
    const refused = await sandbox().fail('itemPublicTokenExchange', { public_token: mine.public_token });
    expect(refused.body.error_code).toBe('INVALID_PUBLIC_TOKEN');
    expect(refused.body.error_message).toContain('expired');
    await sandbox().ok('itemPublicTokenExchange', { public_token: theirs.public_token }, 'demo');
    expect((await sandbox().ok('sandboxClockGet', {}, 'demo')).clock.offset_ms).toBe(0);
    expect((await sandbox().ok('sandboxClockGet', {})).clock.offset_ms).toBe(31 * 60_000);
  });

  it('timestamps what the client creates with its own clock', async () => {
    await sandbox().ok('sandboxClockAdvance', { duration: 'P3D' });
    const recipient = await ukRecipient(sandbox(), 'Clocked Ltd');
    const paymentId = await gbpPayment(sandbox(), recipient);
    const payment = await sandbox().ok('paymentInitiationPaymentGet', { payment_id: paymentId });
    expect(payment.last_status_update).toMatch(/^2026-11-05T10:00:00(\.000)?Z$/);
  });

  it('refuses a payment token after the clock moves 20 minutes', async () => {
    const recipient = await ukRecipient(sandbox(), 'Token Ltd');
    const paymentId = await gbpPayment(sandbox(), recipient);
    const { payment_token } = await sandbox().ok('paymentInitiationPaymentTokenCreate', { payment_id: paymentId });
    await sandbox().ok('sandboxClockAdvance', { duration: 'PT20M' });
    const reply = await sandbox().fail('sandboxPaymentSimulate', {
      payment_id: paymentId,
      status: 'PAYMENT_STATUS_EXECUTED',
      payment_token,
    });
    expect(reply.body.error_code).toBe('INVALID_PAYMENT_TOKEN');
  });

  it("delivers a webhook at once although the client's clock runs ahead of the sandbox's", async () => {
    receiver = await startReceiver();
    const { access_token } = await newItem(['auth']);
    await sandbox().ok('sandboxClockAdvance', { duration: 'P30D' });
    await sandbox().ok('itemWebhookUpdate', { access_token, webhook: receiver.url });
    const [delivery] = await receiver.waitFor(1, 10_000);
    expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({ webhook_code: 'WEBHOOK_UPDATE_ACKNOWLEDGED' });
  });

  it('expires a payment after the clock moves 24 hours', async () => {
    const recipient = await ukRecipient(sandbox(), 'Expiring Ltd');
    const paymentId = await gbpPayment(sandbox(), recipient);
    await sandbox().ok('sandboxClockAdvance', { duration: 'PT23H59M' });
    expect((await sandbox().ok('paymentInitiationPaymentGet', { payment_id: paymentId })).status).toBe(
      'PAYMENT_STATUS_INPUT_NEEDED',
    );
    await sandbox().ok('sandboxClockAdvance', { duration: 'PT1M' });
    expect((await sandbox().ok('paymentInitiationPaymentGet', { payment_id: paymentId })).status).toBe(
      'PAYMENT_STATUS_EXPIRED',
    );
  });

  it('moves a standing order to its next payment date after a weekend', async () => {
    const recipient = await ukRecipient(sandbox(), 'Weekly Ltd');
    // Saturdays from 7 November: each is sent on the Monday after.
    const { payment_id } = await sandbox().ok('paymentInitiationPaymentCreate', {
      recipient_id: recipient,
      reference: 'TestStandingOrder',
      amount: { currency: 'GBP', value: 5 },
      schedule: { interval: 'WEEKLY', interval_execution_day: 6, start_date: '2026-11-07' },
    });
    await sandbox().ok('sandboxPaymentSimulate', { payment_id, status: 'PAYMENT_STATUS_ESTABLISHED' });
    const before = await sandbox().ok('paymentInitiationPaymentGet', { payment_id });
    expect(before.next_payment_date).toBe('2026-11-09');
    await sandbox().ok('sandboxClockAdvance', { target_time: '2026-11-10T09:00:00Z' });
    const after = await sandbox().ok('paymentInitiationPaymentGet', { payment_id });
    expect(after.next_payment_date).toBe('2026-11-16');
  });

  it('executes a refund at the start of the next UK banking day, once, also when the advance is retried', async () => {
    const recipient = await ukRecipient(sandbox(), 'Refunds Ltd');
    // Friday: the next banking day is Monday.
    await sandbox().ok('sandboxClockAdvance', { target_time: '2026-11-06T15:00:00Z' });
    const paymentId = await executedPayment(sandbox(), recipient);
    await sandbox().ok('paymentInitiationPaymentReverse', { payment_id: paymentId });
    const sunday = await sandbox().ok('sandboxClockAdvance', { target_time: '2026-11-08T23:59:59Z' });
    expect(sunday.performed.refund_execution).toBe(0);
    const status = async () =>
      (await sandbox().ok('paymentInitiationPaymentGet', { payment_id: paymentId })).refund?.status;
    expect(await status()).toBe('INITIATED');
    const monday = await sandbox().ok('sandboxClockAdvance', { target_time: '2026-11-09T00:00:00Z' });
    expect(monday.performed.refund_execution).toBe(1);
    expect(await status()).toBe('EXECUTED');
    const retried = await sandbox().ok('sandboxClockAdvance', { target_time: '2026-11-09T00:00:00Z' });
    expect(retried.performed.refund_execution).toBe(0);
  });

  it('simulates a refund: INITIATED to FAILED, the same again succeeds, a final refund does not move', async () => {
    const recipient = await ukRecipient(sandbox(), 'Simulated Refunds Ltd');
    const paymentId = await executedPayment(sandbox(), recipient);
    const noRefund = await sandbox().fail('sandboxPaymentRefundSimulate', {
      payment_id: paymentId,
      status: 'EXECUTED',
    });
    expect(noRefund.body.error_code).toBe('SANDBOX_REFUND_STATUS_TRANSITION_INVALID');
    expect(noRefund.body.error_message).toContain('has no refund');
    const { refund_id } = await sandbox().ok('paymentInitiationPaymentReverse', { payment_id: paymentId });
    const failed = await sandbox().ok('sandboxPaymentRefundSimulate', { payment_id: paymentId, status: 'FAILED' });
    expect(failed.payment.refund).toEqual({ refund_id, status: 'FAILED' });
    await sandbox().ok('sandboxPaymentRefundSimulate', { payment_id: paymentId, status: 'FAILED' });
    const final = await sandbox().fail('sandboxPaymentRefundSimulate', { payment_id: paymentId, status: 'EXECUTED' });
    expect(final.body.error_code).toBe('SANDBOX_REFUND_STATUS_TRANSITION_INVALID');
    expect(final.body.error_message).toContain('is FAILED, a final status');
    // The scheduled execution finds the refund moved and leaves it.
    const advanced = await sandbox().ok('sandboxClockAdvance', { duration: 'P7D' });
    // Only the canonical reversed payment's refund changed: the one simulated first is not counted.
    expect(advanced.performed.refund_execution).toBe(1);
    expect((await sandbox().ok('paymentInitiationPaymentGet', { payment_id: paymentId })).refund?.status).toBe(
      'FAILED',
    );
    const unknown = await sandbox().fail('sandboxPaymentRefundSimulate', {
      payment_id: 'payment-id-sandbox-00000000-0000-0000-0000-000000000000',
      status: 'EXECUTED',
    });
    expect(unknown.body.error_code).toBe('INVALID_PAYMENT_ID');
  });

  it('seeds a reversed payment whose refund the clock executes on the next banking day', async () => {
    const payment_id = 'payment-id-sandbox-7c1e4a9d-3b52-4f08-a6e1-9d2b5c8f0e47';
    expect((await sandbox().ok('paymentInitiationPaymentGet', { payment_id })).refund?.status).toBe('INITIATED');
    await sandbox().ok('sandboxClockAdvance', { target_time: '2026-11-03T00:00:00Z' });
    expect((await sandbox().ok('paymentInitiationPaymentGet', { payment_id })).refund).toEqual({
      refund_id: 'wallet-transaction-id-sandbox-0f3b9d2e-8c41-4a7e-b5d6-2e9c1a0f7b34',
      status: 'EXECUTED',
    });
  });

  it('adds each new day of transactions to an Item with transactions, with DEFAULT_UPDATE', async () => {
    const webhook = 'https://example.com/hooks/clock';
    const { access_token, item_id } = await newItem(['transactions'], webhook);
    const range = { start_date: '2025-01-01', end_date: '2027-12-31', options: { count: 500 } };
    const before = await sandbox().ok('transactionsGet', { access_token, ...range });
    const advanced = await sandbox().ok('sandboxClockAdvance', { duration: 'P7D' });
    expect(advanced.performed.transactions_day).toBe(7);
    const after = await sandbox().ok('transactionsGet', { access_token, ...range });
    const added = after.total_transactions - before.total_transactions;
    expect(added).toBeGreaterThan(0);
    const newDates = after.transactions.filter((t) => t.date > '2026-11-02').map((t) => t.date);
    expect(newDates.length).toBe(added);
    expect(newDates.every((date) => date >= '2026-11-03' && date <= '2026-11-09')).toBe(true);
    const outbox = await sandbox()
      .sandbox.store.db.selectFrom('webhook_outbox')
      .select(['webhook_code', 'body', 'created_at'])
      .where('item_id', '=', item_id)
      .where('webhook_code', '=', 'DEFAULT_UPDATE')
      .execute();
    const announced = outbox.map((row) => (JSON.parse(row.body) as { new_transactions: number }).new_transactions);
    expect(announced.reduce((sum, count) => sum + count, 0)).toBe(added);
    expect(outbox.every((row) => row.created_at.endsWith('T00:00:00.000Z'))).toBe(true);
    // A retried advance adds nothing; an Item without transactions gets no days.
    await newItem(['auth']);
    expect((await sandbox().ok('sandboxClockAdvance', { duration: 'PT1H' })).performed.transactions_day).toBe(0);
  });

  it('gives a removed Item no more days of transactions', async () => {
    const { access_token } = await newItem(['transactions']);
    await sandbox().ok('itemRemove', { access_token });
    const advanced = await sandbox().ok('sandboxClockAdvance', { duration: 'P3D' });
    // The first day finds the Item removed, changes nothing (so is not counted) and schedules no more.
    expect(advanced.performed.transactions_day).toBe(0);
  });
});
