/**
 * The canonical bank transfers of the docs' examples, on the canonical checking account and the
 * default client's origination account, so every bank transfer example works on a fresh sandbox.
 */

import { ALBERTA, CANONICAL_ORIGINATION_ACCOUNT_ID } from '../transfers/index.js';
import { CANONICAL_ACCOUNT_IDS, CANONICAL_ITEM } from '../world/index.js';
import type { BankTransferFailure, BankTransferStatus } from './bank-transfer-status.js';
import type { BankTransfersTable } from './tables.js';

const CHECKING = CANONICAL_ACCOUNT_IDS[0];

/** A seeded bank transfer with the events that brought it to its status. */
export interface CanonicalBankTransfer {
  bank_transfer_id: string;
  /** The operation and request (a create example) that created it, remembered under its idempotency key; none when no example creates it. */
  creation?: {
    operation: 'bankTransferCreate' | 'processorBankTransferCreate';
    body: Record<string, unknown> & { idempotency_key: string };
  };
  type: BankTransfersTable['type'];
  network: BankTransfersTable['network'];
  ach_class: BankTransfersTable['ach_class'];
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
