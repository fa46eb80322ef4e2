/**
 * The tables of Items, their tokens and accounts.
 */
import type { components } from '@svc/spec/types';
import type { JsonText } from '../../engine/index.js';

type Schemas = components['schemas'];

/** An Item: one login at one institution, owned by one client. */
export interface ItemsTable {
  item_id: string;
  client_id: string;
  institution_id: string;
  /** The test username that decides the Item's sandbox behaviour. */
  test_user: string;
  /** JSON array: the products the Item was created with (billed products). */
  products: JsonText<Schemas['Product'][]>;
  webhook: string | null;
  /** 1 when the Item serves bank transfers only (`/bank_transfer/migrate_account`). */
  bank_transfer_only: number;
  created_at: string;
  /**
   * 1 while the Item is in `ITEM_LOGIN_REQUIRED`: set for Items of the test user
   * `user_login_reset` and by `/sandbox/item/reset_login`, cleared by `/sandbox/item/repair_login`.
   */
  login_required: number;
  /** Set by `/item/remove`: nothing is reachable through the Item afterwards. */
  removed_at: string | null;
}

/** A bearer token: public, access, processor, partner, audit copy or asset report. */
export interface TokensTable {
  token: string;
  kind: string;
  client_id: string;
  item_id: string | null;
  account_id: string | null;
  /** Another resource the token stands for (an audit copy, a report), when any. */
  subject_id: string | null;
  created_at: string;
  expires_at: string | null;
  /** Set once a single-use token (a public token) was used. */
  used_at: string | null;
  /** Set when the token was rotated or removed. */
  revoked_at: string | null;
}

/** An account of an Item. */
export interface AccountsTable {
  account_id: string;
  item_id: string;
  client_id: string;
  position: number;
  type: Schemas['AccountType'];
  subtype: Schemas['AccountSubtype'];
  name: string;
  official_name: string | null;
  mask: string;
  available: number | null;
  current: number;
  limit_amount: number | null;
  iso_currency_code: string | null;
  verification_status: Schemas['AccountVerificationStatus'] | null;
  /** 1 when the account is enabled for micro-deposit verification. */
  micro_deposits: number;
  created_at: string;
}

declare module '../../engine/index.js' {
  /** This feature's tables, merged into the store's schema. */
  interface Database {
    accounts: AccountsTable;
    items: ItemsTable;
    tokens: TokensTable;
  }
}
