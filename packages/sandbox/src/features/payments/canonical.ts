/**
 * The canonical payment initiation records of the docs (spec/README.md, "Canonical example
 * data"), seeded for the default client so every example id works against a fresh sandbox: the
 * UK and EUR recipients, an executed payment that can be reversed once, a payment awaiting the
 * user's authorisation (payment token create, `/sandbox/payment/simulate`), and an established
 * standing order.
 */
import type { RecipientDetails } from './recipient-details.js';
import type { Schedule } from './schedule.js';
import type { PaymentStatus } from './status.js';

/** A canonical recipient. */
export interface CanonicalRecipient {
  recipientId: string;
  details: RecipientDetails;
}

/** A canonical payment. */
export interface CanonicalPayment {
  paymentId: string;
  recipientId: string;
  reference: string;
  currency: 'GBP' | 'EUR';
  amount: number;
  status: PaymentStatus;
  schedule: Schedule | null;
  requestRefundDetails: boolean;
  paymentToken: string;
  /** The id of its refund, when the payment was reversed (the refund is `INITIATED`). */
  refundId?: string;
}

/** The UK recipient "Wonder Wallet": IBAN, BACS details and a London address. */
export const CANONICAL_UK_RECIPIENT: CanonicalRecipient = {
  recipientId: 'recipient-id-sandbox-9b6b4679-914b-445b-9450-efbdb80296f6',
  details: {
    name: 'Wonder Wallet',
    iban: 'GB33BUKB20201555555555',
    bacs: { account: '55555555', sort_code: '202015' },
    address: { street: ['96 Guild Street'], city: 'London', postal_code: 'SE14 8JW', country: 'GB' },
  },
};

/** The EUR recipient "Wonder Wallet Europe": a German IBAN only. */
export const CANONICAL_EUR_RECIPIENT: CanonicalRecipient = {
  recipientId: 'recipient-id-sandbox-5a1c2e9d-3b7f-4e08-8d6a-0f4b2c9e7a13',
  details: { name: 'Wonder Wallet Europe', iban: 'DE89370400440532013000', bacs: null, address: null },
};

/** The standing order "TestStandingOrder", established: GBP 100 on the 1st of each month for a year. */
export const CANONICAL_STANDING_ORDER: CanonicalPayment = {
  paymentId: 'payment-id-sandbox-2c8f0b3e-7d41-4f6a-9c55-1e0d9a7b3f82',
  recipientId: CANONICAL_UK_RECIPIENT.recipientId,
  reference: 'TestStandingOrder',
  currency: 'GBP',
  amount: 100,
  status: 'PAYMENT_STATUS_ESTABLISHED',
  schedule: { interval: 'MONTHLY', interval_execution_day: 1, start_date: '2032-03-01', end_date: '2033-02-28' },
  requestRefundDetails: false,
  paymentToken: 'payment-token-sandbox-7e4b1d2a-90c3-4f5e-b6a8-3d2c1e0f9a84',
};

/** The payment "TestPayment": GBP 100, executed with refund details, not reversed yet. */
export const CANONICAL_PAYMENT: CanonicalPayment = {
  paymentId: 'payment-id-sandbox-feca8a7a-5591-4aef-9297-f3062bb735d3',
  recipientId: CANONICAL_UK_RECIPIENT.recipientId,
  reference: 'TestPayment',
  currency: 'GBP',
  amount: 100,
  status: 'PAYMENT_STATUS_EXECUTED',
  schedule: null,
  requestRefundDetails: true,
  paymentToken: 'payment-token-sandbox-c6a26505-42b4-46fe-8ecf-bf9edcafbebb',
};

/** The payment "TestAwaitingAuth": GBP 10, awaiting the user's authorisation, refund details requested. */
export const CANONICAL_AWAITING_PAYMENT: CanonicalPayment = {
  paymentId: 'payment-id-sandbox-4b0f9c2e-6a1d-4e3b-8f7a-2d5c9e1b3a60',
  recipientId: CANONICAL_UK_RECIPIENT.recipientId,
  reference: 'TestAwaitingAuth',
  currency: 'GBP',
  amount: 10,
  status: 'PAYMENT_STATUS_INPUT_NEEDED',
  schedule: null,
  requestRefundDetails: true,
  paymentToken: 'payment-token-sandbox-1d7c3e9a-5b2f-4a80-9e6d-0c4b8a2f7e15',
};

/**
 * The payment "TestReversed": GBP 25, executed with refund details and reversed; its refund is
 * `INITIATED` (executed on the first UK banking day after the seeding, when the client's clock
 * passes it, or moved with `/sandbox/payment/refund/simulate`).
 */
export const CANONICAL_REVERSED_PAYMENT: CanonicalPayment = {
  paymentId: 'payment-id-sandbox-7c1e4a9d-3b52-4f08-a6e1-9d2b5c8f0e47',
  recipientId: CANONICAL_UK_RECIPIENT.recipientId,
  reference: 'TestReversed',
  currency: 'GBP',
  amount: 25,
  status: 'PAYMENT_STATUS_EXECUTED',
  schedule: null,
  requestRefundDetails: true,
  paymentToken: 'payment-token-sandbox-5a8d2f1c-6e93-4b07-8c4a-1f0e7d3b9a26',
  refundId: 'wallet-transaction-id-sandbox-0f3b9d2e-8c41-4a7e-b5d6-2e9c1a0f7b34',
};

/** The canonical recipients, in creation order. */
export const CANONICAL_RECIPIENTS: readonly CanonicalRecipient[] = [CANONICAL_UK_RECIPIENT, CANONICAL_EUR_RECIPIENT];

/** The canonical payments, in creation order (the list shows the last one first). */
export const CANONICAL_PAYMENTS: readonly CanonicalPayment[] = [
  CANONICAL_STANDING_ORDER,
  CANONICAL_PAYMENT,
  CANONICAL_AWAITING_PAYMENT,
  CANONICAL_REVERSED_PAYMENT,
];
