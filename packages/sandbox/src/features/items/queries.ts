/**
 * Writing Items and their tokens: creation (with generated accounts), token issue, rotation and
 * removal. Each function runs inside the caller's transaction.
 */
import type { components } from '@svc/spec/types';
import type { Kysely, Transaction } from 'kysely';
import { newAccessToken, newProcessorToken, newPublicToken, randomId } from '../../engine/ids.js';
import { toJsonText } from '../../engine/json-text.js';
import type { Database } from '../../engine/store/database.js';
import type { Engine } from '../../engine/store/migrations/index.js';
import { DEFAULT_TEST_USER, type TestUser, testUserKey } from '../world/index.js';
import { generateAccounts } from './accounts.js';
import { scheduleNextTransactionsDay } from './new-day.js';
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
 * Creates an Item with its generated accounts (and, with `transactions`, its first new day of
 * transactions as due work); returns its id and accounts.
 */
export async function createItem(trx: Trx, item: NewItem): Promise<{ itemId: string; accounts: AccountsTable[] }> {
  const itemId = randomId();
  const at = item.now.toISOString();
  await trx
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
    .execute();
  const accounts = generateAccounts({ itemId, clientId: item.clientId, user: item.user, createdAt: at });
  if (accounts.length > 0) {
    await trx.insertInto('accounts').values(accounts).execute();
  }
  if (item.products.includes('transactions')) {
    await scheduleNextTransactionsDay(trx, { clientId: item.clientId, itemId, after: item.now, now: item.now });
  }
  return { itemId, accounts };
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
 * Creates an Item that serves bank transfers only, of the default test user and no products,
 * with its one depository account (no balance known); returns their ids.
 */
export async function createBankTransferOnlyItem(
  trx: Trx,
  item: NewBankTransferOnlyItem,
): Promise<{ itemId: string; accountId: string }> {
  const at = item.now.toISOString();
  const itemId = randomId();
  const accountId = randomId();
  await trx
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
    .execute();
  await trx
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
    .execute();
  return { itemId, accountId };
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

/** Issues a public token for an Item, valid for 30 minutes from `now`. */
export async function issuePublicToken(trx: Trx, clientId: string, itemId: string, now: Date): Promise<string> {
  const token = newPublicToken();
  const expires_at = new Date(now.getTime() + PUBLIC_TOKEN_LIFETIME_MS).toISOString();
  await trx
    .insertInto('tokens')
    .values(tokenRow(token, 'public', clientId, itemId, now, { expires_at }))
    .execute();
  return token;
}

/** Issues a new access token for an Item. */
export async function issueAccessToken(trx: Trx, clientId: string, itemId: string, now: Date): Promise<string> {
  const token = newAccessToken();
  await trx
    .insertInto('tokens')
    .values(tokenRow(token, 'access', clientId, itemId, now))
    .execute();
  return token;
}

/** Issues a processor token for one account of an Item. */
export async function issueProcessorToken(
  trx: Trx,
  clientId: string,
  itemId: string,
  accountId: string,
  now: Date,
): Promise<string> {
  const token = newProcessorToken();
  await trx
    .insertInto('tokens')
    .values(tokenRow(token, 'processor', clientId, itemId, now, { account_id: accountId }))
    .execute();
  return token;
}

/**
 * Uses a public token once: marks it used if it is the client's, unused and unexpired at `now`.
 * Returns its Item id, or undefined (also when a concurrent exchange used it first).
 */
export async function usePublicToken(
  trx: Trx,
  clientId: string,
  token: string,
  now: Date,
): Promise<string | undefined> {
  const at = now.toISOString();
  const row = await trx
    .selectFrom('tokens')
    .select(['item_id', 'expires_at'])
    .where('token', '=', token)
    .where('kind', '=', 'public')
    .where('client_id', '=', clientId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row?.item_id || !row.expires_at || row.expires_at <= at) {
    return undefined;
  }
  const updated = await trx
    .updateTable('tokens')
    .set({ used_at: at })
    .where('token', '=', token)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1 ? row.item_id : undefined;
}

/** The Item's live access token, if it has one. */
export async function liveAccessToken(trx: Trx, itemId: string): Promise<string | undefined> {
  const row = await trx
    .selectFrom('tokens')
    .select('token')
    .where('item_id', '=', itemId)
    .where('kind', '=', 'access')
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row?.token;
}

/** Revokes one token if it is still live; returns whether this call revoked it. */
export async function revokeToken(trx: Trx, token: string, now: Date): Promise<boolean> {
  const updated = await trx
    .updateTable('tokens')
    .set({ revoked_at: now.toISOString() })
    .where('token', '=', token)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/**
 * Locks an Item's row until the transaction ends, so that changes to the Item and its tokens made
 * by concurrent requests happen one after the other: on PostgreSQL (read committed) a request
 * that waited then reads what the other committed. SQLite runs one writing transaction at a time,
 * so there is nothing to lock. Returns whether it locked (whether the caller must read again).
 */
export async function lockItem(trx: Trx, engine: Engine, itemId: string): Promise<boolean> {
  if (engine !== 'postgres') {
    return false;
  }
  await trx.selectFrom('items').select('item_id').where('item_id', '=', itemId).forUpdate().execute();
  return true;
}

/** Whether the Item `itemId` exists and was not removed. */
export async function isLiveItem(trx: Trx, itemId: string): Promise<boolean> {
  const item = await trx.selectFrom('items').select('removed_at').where('item_id', '=', itemId).executeTakeFirst();
  return item !== undefined && item.removed_at === null;
}

/** Sets the webhook URL of the Item `itemId`. */
export async function setItemWebhook(trx: Trx, itemId: string, webhook: string): Promise<void> {
  await trx.updateTable('items').set({ webhook }).where('item_id', '=', itemId).execute();
}

/** The webhook URL of the Item `itemId` (null when it has none or does not exist). */
export async function webhookOfItem(db: Kysely<Database> | Trx, itemId: string): Promise<string | null> {
  const item = await db.selectFrom('items').select('webhook').where('item_id', '=', itemId).executeTakeFirst();
  return item?.webhook ?? null;
}

/**
 * Sets whether the Item `itemId` is in `ITEM_LOGIN_REQUIRED`, in one conditional update; returns
 * whether it changed (false when it already was so, which makes a retried call harmless).
 */
export async function setLoginRequired(trx: Trx, itemId: string, required: boolean): Promise<boolean> {
  const value = required ? 1 : 0;
  const updated = await trx
    .updateTable('items')
    .set({ login_required: value })
    .where('item_id', '=', itemId)
    .where('login_required', '<>', value)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Sets the micro-deposit verification status of the account `accountId`. */
export async function setVerificationStatus(
  trx: Trx,
  accountId: string,
  status: AccountsTable['verification_status'],
): Promise<void> {
  await trx.updateTable('accounts').set({ verification_status: status }).where('account_id', '=', accountId).execute();
}

/** Removes an Item and revokes every token of it; returns whether this call removed it. */
export async function removeItem(trx: Trx, itemId: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const updated = await trx
    .updateTable('items')
    .set({ removed_at: at })
    .where('item_id', '=', itemId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) {
    return false;
  }
  await trx
    .updateTable('tokens')
    .set({ revoked_at: at })
    .where('item_id', '=', itemId)
    .where('revoked_at', 'is', null)
    .execute();
  return true;
}
