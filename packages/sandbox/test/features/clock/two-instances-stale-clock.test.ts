/**
 * Two sandbox instances on one PostgreSQL: a clock advanced through one instance holds for the
 * very next request through the other, though that one remembered the client's row from before
 * the advance (its authentication cache). A payment created through it is born at the new time,
 * not at the old one (which made it expired at once and its timestamps go backwards).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../support/harness.js';
import { gbpPayment, ukRecipient } from '../../support/payment-fixtures.js';
import { createTestDatabase } from '../../support/postgres.js';

describe('a clock advanced on one of two instances sharing PostgreSQL', () => {
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

  it('holds for the next request through the other instance', async () => {
    // B remembers the client (and its clock offset, 0) from this request.
    const recipient = await ukRecipient(b, 'Two Clocks Ltd');
    // 25 hours: a payment created at the old time would be past its 24-hour expiry.
    await a.ok('sandboxClockAdvance', { duration: 'PT25H' });
    const paymentId = await gbpPayment(b, recipient);
    const seen = await a.ok('paymentInitiationPaymentGet', { payment_id: paymentId });
    expect(seen.status).toBe('PAYMENT_STATUS_INPUT_NEEDED');
    expect(seen.last_status_update).toBe('2026-11-03T11:00:00.000Z');
  });
});
