/**
 * The canonical transfers world of the docs (spec/README.md, "Canonical example data"): the
 * origination account, the transfer authorizations, the transfer and the bank transfers the
 * examples name, with their events. The store is seeded with them for the default client, so
 * every example of the transfer and bank transfer operations works on a fresh sandbox; the
 * create examples repeat the idempotency keys of the seeded records, so they return those records.
 */

import type { BankTransferFailure, BankTransferStatus } from '../bank-transfers/bank-transfer-status.js';
import { CANONICAL_ACCOUNT_IDS, CANONICAL_ITEM } from '../world/world.js';
import type { AuthorizationDecision, AuthorizationRationale } from './authorization-decision.js';

/** The default client's (only) origination account, an FBO account. */
export const CANONICAL_ORIGINATION_ACCOUNT_ID = '8945fedc-e703-463d-86b1-dc0607b55460';

/** The demo client's two origination accounts (its own accounts, platform configuration). */
export const DEMO_ORIGINATION_ACCOUNT_IDS = [
  '3f8e2b7a-6c1d-4e5f-9a0b-1c2d3e4f5a6b',
  '7b6a5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d',
] as const;

const CHECKING = CANONICAL_ACCOUNT_IDS[0];

/** The account holder of the examples, every detail given. */
const ALBERTA = {
  legal_name: 'Alberta Bobbeth Charleson',
  phone_number: '1112223333',
  email_address: 'accountholder0@example.com',
  address: { street: '2992 Cameron Road', city: 'Malakoff', region: 'NY', postal_code: '14236', country: 'US' },
};

/** The account holder with only the required legal name. */
const ALBERTA_NAME_ONLY = { legal_name: ALBERTA.legal_name, phone_number: null, email_address: null, address: null };

/** A seeded transfer authorization. */
export interface CanonicalAuthorization {
  id: string;
  created: string;
  decision: AuthorizationDecision;
  rationale: AuthorizationRationale;
  type: 'debit' | 'credit';
  network: 'ach' | 'same-day-ach';
  amount: string;
  user: typeof ALBERTA | typeof ALBERTA_NAME_ONLY;
}

/** The authorizations of the `/transfer/authorization/create` response examples. */
export const CANONICAL_AUTHORIZATIONS: readonly CanonicalAuthorization[] = [
  {
    id: 'f7a0a7c2-5a69-4e6a-9e1c-9f2b0b3d2c11',
    created: '2026-11-02T15:04:05Z',
    decision: 'approved',
    rationale: null,
    type: 'debit',
    network: 'ach',
    amount: '12.34',
    user: ALBERTA,
  },
  {
    id: '2c9e4b1d-7f3a-4d8e-b6c5-0a1f2e3d4c5b',
    created: '2026-11-02T15:06:41Z',
    decision: 'declined',
    rationale: 'NSF',
    type: 'debit',
    network: 'ach',
    amount: '150.00',
    user: ALBERTA_NAME_ONLY,
  },
  {
    id: '9b3d5f7a-1c2e-4a6b-8d0f-e1a2b3c4d5e6',
    created: '2026-11-02T15:08:12Z',
    decision: 'permitted',
    rationale: 'ERROR',
    type: 'credit',
    network: 'same-day-ach',
    amount: '12.34',
    user: ALBERTA_NAME_ONLY,
  },
];

/** The account and origination account of every canonical authorization and transfer. */
export const CANONICAL_TRANSFER_ACCOUNTS = {
  itemId: CANONICAL_ITEM.itemId,
  accountId: CHECKING,
  originationAccountId: CANONICAL_ORIGINATION_ACCOUNT_ID,
  achClass: 'ppd',
} as const;

/** The `/transfer/create` request (its default example) that created the canonical transfer. */
export const CANONICAL_TRANSFER_REQUEST = {
  idempotency_key: 'rent-2026-11-alberta',
  access_token: CANONICAL_ITEM.accessToken,
  account_id: CHECKING,
  authorization_id: 'f7a0a7c2-5a69-4e6a-9e1c-9f2b0b3d2c11',
  type: 'debit',
  network: 'ach',
  amount: '12.34',
  ach_class: 'ppd',
  user: ALBERTA,
  description: 'Rent payment',
  metadata: { invoice_id: 'INV-2211' },
  origination_account_id: CANONICAL_ORIGINATION_ACCOUNT_ID,
} as const;

/** The canonical transfer: pending, created from the approved authorization. */
export const CANONICAL_TRANSFER = {
  id: '460cbe92-2dcc-8eae-5ad6-b37d0ec90fd9',
  created: '2026-11-02T15:04:35Z',
  request: CANONICAL_TRANSFER_REQUEST,
} as const;

/** A seeded bank transfer with the events that brought it to its status. */
export interface CanonicalBankTransfer {
  bank_transfer_id: string;
  /** The operation and request (a create example) that created it, remembered under its idempotency key; none when no example creates it. */
  creation?: {
    operation: 'bankTransferCreate' | 'processorBankTransferCreate';
    body: Record<string, unknown> & { idempotency_key: string };
  };
  type: 'debit' | 'credit';
  network: 'ach' | 'same-day-ach' | 'wire';
  ach_class: string | null;
  amount: string;
  description: string;
  custom_tag: string | null;
  metadata: Record<string, string>;
  user: { legal_name: string; email_address: string | null; routing_number: string | null };
  status: BankTransferStatus;
  failure_reason: BankTransferFailure | null;
  /** Events in order; the first is `pending` at creation time. */
  events: readonly { type: BankTransferStatus; timestamp: string }[];
}

/** The `/bank_transfer/create` default example, which created the canonical bank transfer. */
export const CANONICAL_BANK_TRANSFER_REQUEST = {
  idempotency_key: 'invoice-2026-0042',
  access_token: CANONICAL_ITEM.accessToken,
  account_id: CHECKING,
  type: 'credit',
  network: 'ach',
  amount: '12.34',
  iso_currency_code: 'USD',
  description: 'Payment',
  ach_class: 'ppd',
  user: { legal_name: ALBERTA.legal_name, email_address: ALBERTA.email_address, routing_number: '011401533' },
  custom_tag: 'invoice-42',
  metadata: { invoice_id: 'INV-2026-0042' },
  origination_account_id: CANONICAL_ORIGINATION_ACCOUNT_ID,
};

/** The `/processor/bank_transfer/create` default example, which created the processor's bank transfer. */
export const CANONICAL_PROCESSOR_BANK_TRANSFER_REQUEST = {
  idempotency_key: 'order-2026-0815',
  processor_token: CANONICAL_ITEM.processorToken,
  type: 'debit',
  network: 'ach',
  amount: '12.34',
  iso_currency_code: 'USD',
  description: 'Top-up',
  ach_class: 'web',
  user: { legal_name: ALBERTA.legal_name, email_address: ALBERTA.email_address },
  metadata: { order_id: 'ORD-2026-0815' },
  origination_account_id: CANONICAL_ORIGINATION_ACCOUNT_ID,
};

/**
 * The bank transfers of the examples, oldest first, all on the canonical checking account and
 * origination account: a same-day debit that posted (the `/sandbox/bank_transfer/simulate`
 * example reverses it), the pending credit of `/bank_transfer/create` (the cancel example cancels
 * it) and the pending debit of `/processor/bank_transfer/create` (the simulate example posts it).
 * Their events are events 1 to 4 of the default client.
 */
export const CANONICAL_BANK_TRANSFERS: readonly CanonicalBankTransfer[] = [
  {
    bank_transfer_id: '0a9fd5ba-ab40-4aac-b2ad-f1110bd29710',
    type: 'debit',
    network: 'same-day-ach',
    ach_class: 'web',
    amount: '25.00',
    description: 'Top-up',
    custom_tag: null,
    metadata: {},
    user: { legal_name: ALBERTA.legal_name, email_address: null, routing_number: null },
    status: 'posted',
    failure_reason: null,
    events: [
      { type: 'pending', timestamp: '2026-11-18T10:30:00Z' },
      { type: 'posted', timestamp: '2026-11-18T21:00:00Z' },
    ],
  },
  {
    bank_transfer_id: 'd36d3e12-cb51-4a44-9e4a-5e5e3e3f9b17',
    creation: { operation: 'bankTransferCreate', body: CANONICAL_BANK_TRANSFER_REQUEST },
    type: 'credit',
    network: 'ach',
    ach_class: 'ppd',
    amount: '12.34',
    description: 'Payment',
    custom_tag: 'invoice-42',
    metadata: { invoice_id: 'INV-2026-0042' },
    user: { legal_name: ALBERTA.legal_name, email_address: ALBERTA.email_address, routing_number: '011401533' },
    status: 'pending',
    failure_reason: null,
    events: [{ type: 'pending', timestamp: '2026-11-20T15:04:05Z' }],
  },
  {
    bank_transfer_id: '5a671932-e4d0-43c5-abd9-8568f8bf4945',
    creation: { operation: 'processorBankTransferCreate', body: CANONICAL_PROCESSOR_BANK_TRANSFER_REQUEST },
    type: 'debit',
    network: 'ach',
    ach_class: 'web',
    amount: '12.34',
    description: 'Top-up',
    custom_tag: null,
    metadata: { order_id: 'ORD-2026-0815' },
    user: { legal_name: ALBERTA.legal_name, email_address: ALBERTA.email_address, routing_number: null },
    status: 'pending',
    failure_reason: null,
    events: [{ type: 'pending', timestamp: '2026-11-20T16:20:00Z' }],
  },
];
