/**
 * Writing Items and their tokens: creation (with generated accounts) and token issue. Each
 * function gives the statements, for the caller to send together (`together.ts`) or with the
 * commit (`finishing-statement.ts`) in its transaction. Changes through a token are in
 * `token-claims.ts`.
 */
import type { components } from '@svc/spec/types';
import type { CompiledQuery, Transaction } from 'kysely';
import {
  type Database,
  newAccessToken,
  newProcessorToken,
  newPublicToken,
  randomId,
  toJsonText,
} from '../../engine/index.js';
import { DEFAULT_TEST_USER, type TestUser, testUserKey } from '../world/index.js';
import { generateAccounts } from './accounts.js';
import { nextTransactionsDayStatement } from './new-day.js';
import type { AccountsTable, TokensTable } from './tables.js';

/** A product an Item is created with. */
type Product = components['schemas']['Product'];

/** Lifetime of a public token, in milliseconds (30 minutes). */
export const PUBLIC_TOKEN_LIFETIME_MS = 30 * 60 * 1000;

type Trx = Transaction<Database>;

/** What a new Item is made of. */
export interface NewItem {
  clientId: string;
  institutionId: string;
  user: TestUser;
  products: readonly Product[];
  webhook: string | null;
  now: Date;
}

/**
 * The statements creating an Item with its generated accounts (and, with `transactions`, its first
 * new day of transactions as due work), none needing another's answer (the ids are made here): to
 * send together (`together.ts`), with the commit when nothing follows (`finishing-statement.ts`).
 * Returns them with the Item's id and accounts.
 */
export function newItemStatements(
  trx: Trx,
  item: NewItem,
): { itemId: string; accounts: AccountsTable[]; statements: CompiledQuery[] } {
  const itemId = randomId();
  const at = item.now.toISOString();
  const statements: CompiledQuery[] = [
    trx
      .insertInto('items')
      .values({
        item_id: itemId,
        client_id: item.clientId,
        institution_id: item.institutionId,
        test_user: testUserKey(item.user),
        products: toJsonText([...item.products]),
        webhook: item.webhook,
        bank_transfer_only: 0,
        login_required: item.user.behaviour === 'login_reset' ? 1 : 0,
        created_at: at,
        removed_at: null,
      })
      .compile(),
  ];
  const accounts = generateAccounts({ itemId, clientId: item.clientId, user: item.user, createdAt: at });
  if (accounts.length > 0) {
    statements.push(trx.insertInto('accounts').values(accounts).compile());
  }
  if (item.products.includes('transactions')) {
    statements.push(
      nextTransactionsDayStatement(trx, { clientId: item.clientId, itemId, after: item.now, now: item.now }),
    );
  }
  return { itemId, accounts, statements };
}

/** What a bank-transfer-only Item (made by `/bank_transfer/migrate_account`) is made of. */
export interface NewBankTransferOnlyItem {
  clientId: string;
  institutionId: string;
  /** The migrated account's subtype. */
  accountType: 'checking' | 'savings';
  /** The last four digits of its account number. */
  mask: string;
  now: Date;
}

/**
 * The statements creating an Item that serves bank transfers only, of the default test user and no
 * products, with its one depository account (no balance known), none needing another's answer
 * (the ids are made here): to send together (`together.ts`), with the commit when nothing follows
 * (`finishing-statement.ts`). Returns them with the two ids.
 */
export function bankTransferOnlyItemStatements(
  trx: Trx,
  item: NewBankTransferOnlyItem,
): { itemId: string; accountId: string; statements: CompiledQuery[] } {
  const at = item.now.toISOString();
  const itemId = randomId();
  const accountId = randomId();
  const statements = [
    trx
      .insertInto('items')
      .values({
        item_id: itemId,
        client_id: item.clientId,
        institution_id: item.institutionId,
        test_user: testUserKey(DEFAULT_TEST_USER),
        products: toJsonText<Product[]>([]),
        webhook: null,
        bank_transfer_only: 1,
        login_required: 0,
        created_at: at,
        removed_at: null,
      })
      .compile(),
    trx
      .insertInto('accounts')
      .values({
        account_id: accountId,
        item_id: itemId,
        client_id: item.clientId,
        position: 0,
        type: 'depository',
        subtype: item.accountType,
        name: item.accountType === 'checking' ? 'Checking' : 'Savings',
        official_name: null,
        mask: item.mask,
        available: null,
        current: 0,
        limit_amount: null,
        iso_currency_code: 'USD',
        verification_status: null,
        micro_deposits: 0,
        created_at: at,
      })
      .compile(),
  ];
  return { itemId, accountId, statements };
}

/** A token row of `kind` for an Item. */
function tokenRow(
  token: string,
  kind: string,
  clientId: string,
  itemId: string,
  now: Date,
  extra: Partial<TokensTable> = {},
): TokensTable {
  return {
    token,
    kind,
    client_id: clientId,
    item_id: itemId,
    account_id: null,
    subject_id: null,
    created_at: now.toISOString(),
    expires_at: null,
    used_at: null,
    revoked_at: null,
    ...extra,
  };
}

/** A token made in Node and the statement that stores it. */
export interface IssuedToken {
  token: string;
  statement: CompiledQuery;
}

/** A public token for an Item, valid for 30 minutes from `now`. */
export function publicTokenStatement(trx: Trx, clientId: string, itemId: string, now: Date): IssuedToken {
  const token = newPublicToken();
  const expires_at = new Date(now.getTime() + PUBLIC_TOKEN_LIFETIME_MS).toISOString();
  const row = tokenRow(token, 'public', clientId, itemId, now, { expires_at });
  return { token, statement: trx.insertInto('tokens').values(row).compile() };
}

/** A new access token for an Item. */
export function accessTokenStatement(trx: Trx, clientId: string, itemId: string, now: Date): IssuedToken {
  const token = newAccessToken();
  return {
    token,
    statement: trx
      .insertInto('tokens')
      .values(tokenRow(token, 'access', clientId, itemId, now))
      .compile(),
  };
}

/** A processor token for one account of an Item. */
export function processorTokenStatement(
  trx: Trx,
  clientId: string,
  itemId: string,
  accountId: string,
  now: Date,
): IssuedToken {
  const token = newProcessorToken();
  return {
    token,
    statement: accountTokenStatement(trx, { token, kind: 'processor', clientId, itemId, accountId, now }),
  };
}

/** The statement storing `token` of `kind` (a processor or partner token) for one account of an Item, issued at `now`. */
export function accountTokenStatement(
  trx: Trx,
  token: { token: string; kind: string; clientId: string; itemId: string; accountId: string; now: Date },
): CompiledQuery {
  const row = tokenRow(token.token, token.kind, token.clientId, token.itemId, token.now, {
    account_id: token.accountId,
  });
  return trx.insertInto('tokens').values(row).compile();
}

/** The statement setting the micro-deposit verification status of the account `accountId`. */
export function verificationStatusStatement(
  trx: Trx,
  accountId: string,
  status: AccountsTable['verification_status'],
): CompiledQuery {
  return trx.updateTable('accounts').set({ verification_status: status }).where('account_id', '=', accountId).compile();
}
