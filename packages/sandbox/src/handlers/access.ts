/**
 * Resolving the bearer tokens of a request to what they stand for, within the calling client.
 * A token of another client is answered exactly like one that does not exist, so no client can
 * learn that another client's token exists.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import { invalidInput } from '../server/sandbox-error.js';
import type { AccountsTable, Database, ItemsTable, TokensTable } from '../store/tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** An Item that can be used: it exists, belongs to the client and was not removed. */
export type LiveItem = Selectable<ItemsTable>;

/** A token row. */
export type TokenRow = Selectable<TokensTable>;

/** An account row. */
export type AccountRow = Selectable<AccountsTable>;

/**
 * The Item of a valid access token of `clientId`. Unknown, malformed, rotated, removed or
 * another client's: `INVALID_ACCESS_TOKEN`, worded the same in every case.
 */
export async function itemOfAccessToken(db: Db, clientId: string, accessToken: string): Promise<LiveItem> {
  const found = await liveToken(db, clientId, accessToken, 'access');
  if (!found) {
    throw invalidInput(
      'INVALID_ACCESS_TOKEN',
      'access_token is not a valid access token: it is unknown, was rotated by /item/access_token/invalidate, or its Item was removed',
      'Use the access token returned by the latest exchange or invalidation of an Item that was not removed.',
    );
  }
  return found.item;
}

/** The Item and account of a valid processor token of `clientId`; otherwise `INVALID_PROCESSOR_TOKEN`. */
export async function accountOfProcessorToken(
  db: Db,
  clientId: string,
  processorToken: string,
): Promise<{ item: LiveItem; account: AccountRow; token: TokenRow }> {
  const found = await liveToken(db, clientId, processorToken, 'processor');
  const account = found?.token.account_id
    ? await db.selectFrom('accounts').selectAll().where('account_id', '=', found.token.account_id).executeTakeFirst()
    : undefined;
  if (!found || !account) {
    throw invalidInput(
      'INVALID_PROCESSOR_TOKEN',
      'processor_token is not a valid processor token: it is unknown, or its Item was removed',
      'Create a processor token with /processor/token/create for an Item that was not removed.',
    );
  }
  return { item: found.item, account, token: found.token };
}

/**
 * A token of `kind` of `clientId` that is not revoked and whose Item (if any) was not removed,
 * with that Item. Expiry and single use are the caller's rules.
 */
export async function liveToken(
  db: Db,
  clientId: string,
  token: string,
  kind: string,
): Promise<{ token: TokenRow; item: LiveItem } | undefined> {
  const row = await db
    .selectFrom('tokens')
    .selectAll()
    .where('token', '=', token)
    .where('kind', '=', kind)
    .where('client_id', '=', clientId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row?.item_id) {
    return undefined;
  }
  const item = await db
    .selectFrom('items')
    .selectAll()
    .where('item_id', '=', row.item_id)
    .where('client_id', '=', clientId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return item ? { token: row, item } : undefined;
}

/** The accounts of an Item, in their order. */
export async function accountsOfItem(db: Db, itemId: string): Promise<AccountRow[]> {
  return db.selectFrom('accounts').selectAll().where('item_id', '=', itemId).orderBy('position').execute();
}

/**
 * The accounts of an Item selected by `options.account_ids` (all when absent). An id that is not
 * one of the Item's accounts is `INVALID_ACCOUNT_ID`, naming it.
 */
export function selectAccounts(accounts: readonly AccountRow[], accountIds: readonly string[] | undefined): AccountRow[] {
  if (!accountIds) {
    return [...accounts];
  }
  const unknown = accountIds.filter((id) => !accounts.some((account) => account.account_id === id));
  if (unknown.length > 0) {
    throw invalidInput(
      'INVALID_ACCOUNT_ID',
      `options.account_ids has ids that are not accounts of this Item: ${unknown.join(', ')}`,
    );
  }
  return accounts.filter((account) => accountIds.includes(account.account_id));
}
