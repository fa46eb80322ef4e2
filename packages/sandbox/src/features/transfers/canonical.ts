/**
 * The canonical transfers world of the docs (spec/README.md, "Canonical example data"): the
 * origination account, the transfer authorizations, the transfer and the bank transfers the
 * examples name, with their events. The store is seeded with them for the default client, so
 * every example of the transfer and bank transfer operations works on a fresh sandbox; the
 * create examples repeat the idempotency keys of the seeded records, so they return those records.
 */

import { CANONICAL_ACCOUNT_IDS, CANONICAL_ITEM } from '../world/index.js';
import type { AuthorizationDecision, AuthorizationRationale } from './authorization-decision.js';
import type { TransferAuthorizationsTable as AuthorizationRow } from './tables.js';

/** The default client's (only) origination account, an FBO account. */
export const CANONICAL_ORIGINATION_ACCOUNT_ID = '8945fedc-e703-463d-86b1-dc0607b55460';

/** The demo client's two origination accounts (its own accounts, platform configuration). */
export const DEMO_ORIGINATION_ACCOUNT_IDS = [
  '3f8e2b7a-6c1d-4e5f-9a0b-1c2d3e4f5a6b',
  '7b6a5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d',
] as const;

const CHECKING = CANONICAL_ACCOUNT_IDS[0];

/** The account holder of the examples, every detail given. */
export const ALBERTA = {
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
  type: AuthorizationRow['type'];
  network: AuthorizationRow['network'];
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
