/**
 * Two sandbox instances on one PostgreSQL advance one client's clock at the same time: each piece
 * of due work is performed exactly once (claimed with `FOR UPDATE SKIP LOCKED` and marked done in
 * the transaction that performs it), and the two answers' counts add up to the work due. A clock
 * advanced through one instance holds for the very next request through the other, though that
 * one remembered the client's row from before the advance (its authentication cache): a payment
 * created through it is born at the new time, not at the old one (which made it expired at once
 * and its timestamps go backwards).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callFaulted } from '../../support/faults.js';
import { startTestSandbox, type TestSandbox } from '../../support/harness.js';
import { gbpPayment, ukRecipient } from '../../support/payment-fixtures.js';
import { createTestDatabase } from '../../support/postgres.js';

const ITEMS = 6;
const TARGET = '2026-11-05T10:00:00Z'; // three days begin after the harness's start (2 November, 10:00)

describe('test clock advanced on two instances sharing PostgreSQL', () => {
  let a: TestSandbox;
  let b: TestSandbox;

  beforeAll(async () => {
    const url = await createTestDatabase(inject('pgAdminUrl'));
    a = await startTestSandbox('postgres', { store: { kind: 'postgres', url } });
    b = await startTestSandbox('postgres', { store: { kind: 'postgres', url } });
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it('performs each due item exactly once', async () => {
    const itemIds: string[] = [];
    for (let index = 0; index < ITEMS; index++) {
      const via = index % 2 ? a : b;
      const { public_token } = await via.ok('sandboxPublicTokenCreate', {
        institution_id: 'ins_109508',
        initial_products: ['transactions'],
        options: { webhook: 'https://example.com/hooks/two-instances' },
      });
      itemIds.push((await via.ok('itemPublicTokenExchange', { public_token })).item_id);
    }
    const answers = await Promise.all([
      a.ok('sandboxClockAdvance', { target_time: TARGET }),
      b.ok('sandboxClockAdvance', { target_time: TARGET }),
      a.ok('sandboxClockAdvance', { target_time: TARGET }),
      b.ok('sandboxClockAdvance', { target_time: TARGET }),
    ]);
    const performed = answers.reduce((sum, answer) => sum + answer.performed.transactions_day, 0);
    expect(performed).toBe(ITEMS * 3);
    const db = a.sandbox.store.db;
    const done = await db
      .selectFrom('due_work')
      .select(['subject', 'due_at'])
      .where('state', '=', 'done')
      .where('kind', '=', 'transactions_day')
      .execute();
    expect(done).toHaveLength(ITEMS * 3);
    expect(new Set(done.map((row) => `${row.subject}/${row.due_at}`)).size).toBe(ITEMS * 3);
    // One pending next day per Item, no more.
    const pending = await db.selectFrom('due_work').select('subject').where('state', '=', 'pending').execute();
    expect(pending.map((row) => row.subject).sort()).toEqual([...itemIds].sort());
    // Each Item's new days wrote their transactions once: one webhook per day with transactions.
    const updates = await db
      .selectFrom('webhook_outbox')
      .select(['item_id', 'created_at'])
      .where('webhook_code', '=', 'DEFAULT_UPDATE')
      .execute();
    expect(new Set(updates.map((row) => `${row.item_id}/${row.created_at}`)).size).toBe(updates.length);
    expect(updates.length).toBeGreaterThan(0);
    for (const sandbox of [a, b]) {
      expect((await sandbox.ok('sandboxClockGet', {})).clock.current_time).toBe('2026-11-05T10:00:00.000Z');
    }
  });

  it('holds a clock advanced through one instance for the next request through the other', async () => {
    // B remembers the client (and its clock offset) from this request.
    const recipient = await ukRecipient(b, 'Two Clocks Ltd');
    // 25 hours: a payment created at the old time would be past its 24-hour expiry.
    await a.ok('sandboxClockAdvance', { duration: 'PT25H' });
    const paymentId = await gbpPayment(b, recipient);
    const seen = await a.ok('paymentInitiationPaymentGet', { payment_id: paymentId });
    expect(seen.status).toBe('PAYMENT_STATUS_INPUT_NEEDED');
    expect(seen.last_status_update).toBe('2026-11-06T11:00:00.000Z');
  });

  it('holds it as well for a request with the fault header', async () => {
    const recipient = await ukRecipient(b, 'Faulted Clocks Ltd');
    await a.ok('sandboxClockAdvance', { duration: 'PT25H' });
    const created = await callFaulted(
      b,
      'paymentInitiationPaymentCreate',
      { recipient_id: recipient, reference: 'TestPayment', amount: { currency: 'GBP', value: 10 } },
      'latency=1ms',
    );
    expect(created.dropped ? 0 : created.status).toBe(200);
    const paymentId = created.dropped ? '' : String(created.body.payment_id);
    const seen = await a.ok('paymentInitiationPaymentGet', { payment_id: paymentId });
    expect(seen.status).toBe('PAYMENT_STATUS_INPUT_NEEDED');
    expect(seen.last_status_update).toBe('2026-11-07T12:00:00.000Z');
  });
});
