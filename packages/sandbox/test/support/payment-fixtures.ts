/**
 * Payment initiation fixtures for behaviour tests: recipients and payments created through the
 * API, and payments moved along with `/sandbox/payment/simulate`.
 */
import type { As, TestSandbox } from './harness.js';

/** A UK recipient (IBAN, BACS and a GB address) with a name unique to the call. */
export async function ukRecipient(sandbox: TestSandbox, name: string, as: As = 'default'): Promise<string> {
  const { recipient_id } = await sandbox.ok(
    'paymentInitiationRecipientCreate',
    {
      name,
      iban: 'GB33BUKB20201555555555',
      bacs: { account: '55555555', sort_code: '202015' },
      address: { street: ['96 Guild Street'], city: 'London', postal_code: 'SE14 8JW', country: 'GB' },
    },
    as,
  );
  return recipient_id;
}

/** A EUR recipient with a German IBAN only. */
export async function ibanOnlyRecipient(sandbox: TestSandbox, name: string): Promise<string> {
  const { recipient_id } = await sandbox.ok('paymentInitiationRecipientCreate', {
    name,
    iban: 'DE89370400440532013000',
  });
  return recipient_id;
}

/** A one-time GBP payment of `value` to `recipientId`, with `options` when given. */
export async function gbpPayment(
  sandbox: TestSandbox,
  recipientId: string,
  options: { value?: number; request_refund_details?: boolean; bacs?: { account: string; sort_code: string } } = {},
  as: As = 'default',
): Promise<string> {
  const { value = 10, ...rest } = options;
  const { payment_id } = await sandbox.ok(
    'paymentInitiationPaymentCreate',
    {
      recipient_id: recipientId,
      reference: 'TestPayment',
      amount: { currency: 'GBP', value },
      ...(Object.keys(rest).length > 0 ? { options: rest } : {}),
    },
    as,
  );
  return payment_id;
}

/** A one-time GBP payment, executed, with refund details (reversible). */
export async function executedPayment(sandbox: TestSandbox, recipientId: string): Promise<string> {
  const paymentId = await gbpPayment(sandbox, recipientId, { request_refund_details: true });
  await sandbox.ok('sandboxPaymentSimulate', { payment_id: paymentId, status: 'PAYMENT_STATUS_EXECUTED' });
  return paymentId;
}
