/**
 * Helpers of the transfer and bank transfer tests: new sandbox Items of a test user (with their
 * accounts read from the store), and request bodies built from the docs' examples.
 */

import { CANONICAL_ACCOUNT_IDS, CANONICAL_ITEM } from '../../src/features/world/index.js';
import type { OperationBodies } from '../../src/generated/handlers.gen.js';
import type { As, TestSandbox } from './harness.js';

/** An Item created through the sandbox with its access token and accounts (in order). */
export interface TestItem {
  accessToken: string;
  itemId: string;
  accounts: { account_id: string; subtype: string; available: number | null }[];
}

/** Creates an Item of test user `username` / `password` (with `webhook`, if given) for `as` and reads its accounts. */
export async function newItem(
  sandbox: TestSandbox,
  login: { username?: string; password?: string; webhook?: string } = {},
  as: As = 'default',
): Promise<TestItem> {
  const credentials =
    login.username || login.password
      ? { override_username: login.username ?? 'user_good', override_password: login.password ?? 'pass_good' }
      : undefined;
  const options =
    credentials || login.webhook ? { ...credentials, ...(login.webhook ? { webhook: login.webhook } : {}) } : undefined;
  const { public_token } = await sandbox.ok(
    'sandboxPublicTokenCreate',
    { institution_id: 'ins_109508', initial_products: ['auth'], ...(options ? { options } : {}) },
    as,
  );
  const { access_token, item_id } = await sandbox.ok('itemPublicTokenExchange', { public_token }, as);
  const accounts = await sandbox.sandbox.store.db
    .selectFrom('accounts')
    .select(['account_id', 'subtype', 'available'])
    .where('item_id', '=', item_id)
    .orderBy('position')
    .execute();
  return { accessToken: access_token, itemId: item_id, accounts };
}

/** The canonical Item of the docs (default client). */
export const CANONICAL: TestItem = {
  accessToken: CANONICAL_ITEM.accessToken,
  itemId: CANONICAL_ITEM.itemId,
  accounts: [{ account_id: CANONICAL_ACCOUNT_IDS[0], subtype: 'checking', available: 100 }],
};

type AuthorizationRequest = OperationBodies['transferAuthorizationCreate']['request'];
type TransferCreateRequest = OperationBodies['transferCreate']['request'];

/** An authorization request for the Item's first account (a debit of 12.34 over ACH). */
export function authorizationRequest(
  item: TestItem,
  overrides: Partial<AuthorizationRequest> = {},
): AuthorizationRequest {
  return {
    access_token: item.accessToken,
    account_id: item.accounts[0]?.account_id ?? '',
    type: 'debit',
    network: 'ach',
    amount: '12.34',
    ach_class: 'ppd',
    user: { legal_name: 'Alberta Bobbeth Charleson' },
    ...overrides,
  };
}

/** The create request matching an authorization request. */
export function transferRequest(
  authorization: AuthorizationRequest,
  authorizationId: string,
  key: string,
  overrides: Partial<TransferCreateRequest> = {},
): TransferCreateRequest {
  const { device: _device, ...fields } = authorization;
  return { ...fields, authorization_id: authorizationId, idempotency_key: key, description: 'Test', ...overrides };
}

/** Authorizes `request` and creates its transfer with `key`; returns both. */
export async function authorizeAndCreate(
  sandbox: TestSandbox,
  request: AuthorizationRequest,
  key: string,
  as: As = 'default',
) {
  const { authorization } = await sandbox.ok('transferAuthorizationCreate', request, as);
  const { transfer } = await sandbox.ok('transferCreate', transferRequest(request, authorization.id, key), as);
  return { authorization, transfer };
}

type BankTransferCreateRequest = OperationBodies['bankTransferCreate']['request'];

/** A bank transfer create request on the Item's first account (a credit of 12.34 over ACH). */
export function bankTransferRequest(
  item: TestItem,
  key: string,
  overrides: Partial<BankTransferCreateRequest> = {},
): BankTransferCreateRequest {
  return {
    idempotency_key: key,
    access_token: item.accessToken,
    account_id: item.accounts[0]?.account_id ?? '',
    type: 'credit',
    network: 'ach',
    amount: '12.34',
    iso_currency_code: 'USD',
    description: 'Payment',
    ach_class: 'ppd',
    user: { legal_name: 'Alberta Bobbeth Charleson' },
    ...overrides,
  } as BankTransferCreateRequest;
}

/** A unique idempotency key for a test. */
let keys = 0;
export function newKey(prefix = 'key'): string {
  keys += 1;
  return `${prefix}-${Date.now().toString(36)}-${keys}`;
}
