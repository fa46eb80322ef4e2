import { createClient } from '@svc/client';

const client = createClient({
  clientId: process.env.SVC_CLIENT_ID ?? '',
  secret: process.env.SVC_SECRET ?? '',
  environment: 'local', // the sandbox of `npm start`; 'sandbox' for the hosted one
  maxRetries: 3, // retries after the first attempt (default 2; 0 turns retries off)
  timeoutMs: 20_000, // per attempt, response body included (default 60 000)
});

/**
 * /transfer/create requires an idempotency_key, so the client retries it on a network error,
 * a timeout, 429 or 5xx: a repeat returns the first transfer, never a second one.
 */
export async function payRent(authorizationId: string, idempotencyKey: string) {
  const { transfer } = await client.transferCreate({
    idempotency_key: idempotencyKey, // keep the same key if you retry later yourself
    authorization_id: authorizationId,
    access_token: 'access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6',
    account_id: 'BxBXxLj1m4HMXBm9WZZmCWVbPjX16EHwv99vp',
    type: 'debit',
    network: 'ach',
    amount: '12.34',
    ach_class: 'ppd',
    user: { legal_name: 'Alberta Bobbeth Charleson' },
    description: 'Rent payment',
  });
  return transfer;
}

/** /payment_initiation/payment/create has no idempotency key: one attempt, plus a per-call time limit. */
export async function payInvoice(recipientId: string) {
  return client.paymentInitiationPaymentCreate(
    { recipient_id: recipientId, reference: 'Invoice1234', amount: { currency: 'GBP', value: 12.5 } },
    { timeoutMs: 10_000 },
  );
}
