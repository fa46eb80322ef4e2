/**
 * Payment writes under concurrency and faults, on both engines: the shapes that keep each write
 * at two round trips to PostgreSQL (the recipient's insert and read sent together, the change
 * sequence number taken in the statement that writes the payment, changes decided on the payment
 * read locked and sent with the commit) keep the guarantees of the statement-at-a-time versions.
 */
import { afterEach, expect, it } from 'vitest';
import { PAYMENT_CHANGES_COUNTER } from '../../../src/features/payments/queries.js';
import { callFaulted } from '../../support/faults.js';
import { describeEngines, type TestSandbox } from '../../support/harness.js';
import { executedPayment, gbpPayment, ukRecipient } from '../../support/payment-fixtures.js';

/** The value of the payment change counter now. */
async function changeCounter(sandbox: TestSandbox): Promise<number> {
  const row = await sandbox.sandbox.store.db
    .selectFrom('counters')
    .select('value')
    .where('name', '=', PAYMENT_CHANGES_COUNTER)
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

/** The stored row of a payment. */
async function storedPayment(sandbox: TestSandbox, paymentId: string) {
  return sandbox.sandbox.store.db
    .selectFrom('payments')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .executeTakeFirstOrThrow();
}

/** The error code of a reply that is not a 200, or 'ok'. */
function outcomeOf(reply: { status: number; body: unknown }): string {
  return reply.status === 200 ? 'ok' : String((reply.body as { error_code?: unknown }).error_code);
}

describeEngines('payments: concurrent writes', (sandbox) => {
  let uk = '';
  it('sets up a recipient', async () => {
    uk = await ukRecipient(sandbox(), 'Concurrency Tests');
  });

  it('gives concurrent creations one sequence number each, all taken from the counter', async () => {
    const before = await changeCounter(sandbox());
    const ids = await Promise.all(Array.from({ length: 8 }, () => gbpPayment(sandbox(), uk)));
    const sequences = await Promise.all(
      ids.map(async (paymentId) => Number((await storedPayment(sandbox(), paymentId)).change_seq)),
    );
    expect([...sequences].sort((a, b) => a - b)).toEqual(Array.from({ length: 8 }, (_, index) => before + index + 1));
    expect(await changeCounter(sandbox())).toBe(before + 8);
    // Created in one instant: paging by sequence number lists each exactly once.
    const listed: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await sandbox().ok('paymentInitiationPaymentList', { count: 3, ...(cursor ? { cursor } : {}) });
      listed.push(...page.payments.map((payment) => payment.payment_id));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(listed.filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('lets exactly one of two concurrent simulations to different outcomes win; the payment has its status', async () => {
    const paymentId = await gbpPayment(sandbox(), uk);
    const targets = ['PAYMENT_STATUS_CANCELLED', 'PAYMENT_STATUS_EXECUTED'] as const;
    const replies = await Promise.all(
      targets.map((status) => sandbox().call('sandboxPaymentSimulate', { payment_id: paymentId, status })),
    );
    expect(replies.map(outcomeOf).sort()).toEqual(['SANDBOX_PAYMENT_STATUS_TRANSITION_INVALID', 'ok']);
    const winner = targets[replies.findIndex((reply) => reply.status === 200)];
    expect((await sandbox().ok('paymentInitiationPaymentGet', { payment_id: paymentId })).status).toBe(winner);
  });

  it('answers concurrent identical simulations alike and changes the payment once', async () => {
    const paymentId = await gbpPayment(sandbox(), uk, { request_refund_details: true });
    const before = await changeCounter(sandbox());
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        sandbox().ok('sandboxPaymentSimulate', { payment_id: paymentId, status: 'PAYMENT_STATUS_EXECUTED' }),
      ),
    );
    for (const reply of replies) {
      expect(reply.payment).toEqual(replies[0]?.payment);
    }
    expect(replies[0]?.payment.status).toBe('PAYMENT_STATUS_EXECUTED');
    expect(await changeCounter(sandbox())).toBe(before + 1);
    expect(Number((await storedPayment(sandbox(), paymentId)).change_seq)).toBe(before + 1);
  });

  it('keeps the token of one of several concurrent token creations, unused and usable', async () => {
    const paymentId = await gbpPayment(sandbox(), uk);
    const replies = await Promise.all(
      Array.from({ length: 4 }, () => sandbox().ok('paymentInitiationPaymentTokenCreate', { payment_id: paymentId })),
    );
    const stored = await storedPayment(sandbox(), paymentId);
    const kept = replies.find((reply) => reply.payment_token === stored.payment_token);
    expect(kept?.payment_token_expiration_time).toBe(stored.payment_token_expires_at);
    expect(stored.payment_token_used_at).toBeNull();
    const { payment } = await sandbox().ok('sandboxPaymentSimulate', {
      payment_id: paymentId,
      status: 'PAYMENT_STATUS_PROCESSING',
      payment_token: stored.payment_token,
    });
    expect(payment.status).toBe('PAYMENT_STATUS_PROCESSING');
  });

  it('refuses a token creation that loses to a simulation away from input, and never fails with a server error', async () => {
    for (let round = 0; round < 4; round++) {
      const paymentId = await gbpPayment(sandbox(), uk);
      const [token, simulated] = await Promise.all([
        sandbox().call('paymentInitiationPaymentTokenCreate', { payment_id: paymentId }),
        sandbox().call('sandboxPaymentSimulate', { payment_id: paymentId, status: 'PAYMENT_STATUS_PROCESSING' }),
      ]);
      expect(simulated.status).toBe(200);
      expect(['ok', 'PAYMENT_NOT_AWAITING_INPUT']).toContain(outcomeOf(token));
      const stored = await storedPayment(sandbox(), paymentId);
      if (token.status === 200) {
        expect(stored.payment_token).toBe((token.body as { payment_token: string }).payment_token);
      }
    }
  });

  it('lets exactly one of two concurrent refund simulations to different outcomes win', async () => {
    const paymentId = await executedPayment(sandbox(), uk);
    await sandbox().ok('paymentInitiationPaymentReverse', { payment_id: paymentId });
    const targets = ['EXECUTED', 'FAILED'] as const;
    const replies = await Promise.all(
      targets.map((status) => sandbox().call('sandboxPaymentRefundSimulate', { payment_id: paymentId, status })),
    );
    expect(replies.map(outcomeOf).sort()).toEqual(['SANDBOX_REFUND_STATUS_TRANSITION_INVALID', 'ok']);
    const winner = targets[replies.findIndex((reply) => reply.status === 200)];
    expect((await sandbox().ok('paymentInitiationPaymentGet', { payment_id: paymentId })).refund?.status).toBe(winner);
  });
});

describeEngines('payments: a fault rule stops every payment write before it commits', (sandbox) => {
  afterEach(async () => {
    await sandbox().ok('sandboxFaultRuleRemove', {});
  });

  it.each([
    'paymentInitiationRecipientCreate',
    'paymentInitiationPaymentCreate',
    'sandboxPaymentSimulate',
    'paymentInitiationPaymentTokenCreate',
    'paymentInitiationPaymentReverse',
    'sandboxPaymentRefundSimulate',
  ] as const)('%s answers the fault and changes nothing', async (operation) => {
    const recipientBody = { name: 'Faulted Wallet', bacs: { account: '87654321', sort_code: '332211' } };
    const uk = await ukRecipient(sandbox(), 'Fault Tests');
    const awaiting = await gbpPayment(sandbox(), uk);
    const executed = await executedPayment(sandbox(), uk);
    const reversed = await executedPayment(sandbox(), uk);
    await sandbox().ok('paymentInitiationPaymentReverse', { payment_id: reversed });
    const bodies = {
      paymentInitiationRecipientCreate: recipientBody,
      paymentInitiationPaymentCreate: { recipient_id: uk, reference: 'Faulted', amount: { currency: 'GBP', value: 3 } },
      sandboxPaymentSimulate: { payment_id: awaiting, status: 'PAYMENT_STATUS_EXECUTED' },
      paymentInitiationPaymentTokenCreate: { payment_id: awaiting },
      paymentInitiationPaymentReverse: { payment_id: executed },
      sandboxPaymentRefundSimulate: { payment_id: reversed, status: 'FAILED' },
    };
    const db = sandbox().sandbox.store.db;
    const snapshot = async () => ({
      recipients: await db.selectFrom('payment_recipients').selectAll().orderBy('seq').execute(),
      payments: await db.selectFrom('payments').selectAll().orderBy('payment_id').execute(),
      dueWork: await db.selectFrom('due_work').select(['kind', 'subject', 'state']).orderBy('due_id').execute(),
      counter: await changeCounter(sandbox()),
    });
    const before = await snapshot();
    await sandbox().ok('sandboxFaultRuleCreate', { operations: [operation], fault: 'error=SERVICE_UNAVAILABLE' });
    const outcome = await callFaulted(sandbox(), operation, bodies[operation]);
    expect(outcome).toMatchObject({ dropped: false, status: 503 });
    expect(await snapshot()).toEqual(before);
  });
});
