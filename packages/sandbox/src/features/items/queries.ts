/**
 * Writing Items and their tokens: creation (with generated accounts), token issue, rotation and
 * removal. Each function runs inside the caller's transaction, or gives the statements to send
 * together (`together.ts`) or with the commit (`finishing-statement.ts`). A change through a token
 * claims the token with a conditional update, and on PostgreSQL what depends on the claim rides
 * in the same statement (data-modifying CTEs): two round trips per request in all.
 */
import type { components } from '@svc/spec/types';
import { type CompiledQuery, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { newAccessToken, newProcessorToken, newPublicToken, randomId } from '../../engine/ids.js';
import { toJsonText } from '../../engine/json-text.js';
import type { Database } from '../../engine/store/database.js';
import { engineOf } from '../../engine/store/engine-of.js';
import { DEFAULT_TEST_USER, type TestUser, testUserKey } from '../world/index.js';
import { generateAccounts } from './accounts.js';
import { nextTransactionsDayStatement } from './new-day.js';
import type { AccountsTable, ItemsTable, TokensTable } from './tables.js';
import { itemIdOfToken } from './token-accounts.js';

/** A product an Item is created with. */
type Product = components['schemas']['Product'];

/** Lifetime of a public token, in milliseconds (30 minutes). */
export const PUBLIC_TOKEN_LIFETIME_MS = 30 * 60 * 1000;

type Trx = Transaction<Database>;

/** An Item row. */
type LiveItem = Selectable<ItemsTable>;

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
  const row = tokenRow(token, 'processor', clientId, itemId, now, { account_id: accountId });
  return { token, statement: trx.insertInto('tokens').values(row).compile() };
}

/** Issues a new access token for an Item. */
export async function issueAccessToken(trx: Trx, clientId: string, itemId: string, now: Date): Promise<string> {
  const { token, statement } = accessTokenStatement(trx, clientId, itemId, now);
  await trx.executeQuery(statement);
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
  const { token, statement } = processorTokenStatement(trx, clientId, itemId, accountId, now);
  await trx.executeQuery(statement);
  return token;
}

/** A public token used by {@link exchangePublicToken}: its Item, whether the Item is live, and the Item's live access token. */
export interface UsedPublicToken {
  itemId: string;
  itemLive: boolean;
  accessToken: string | null;
}

/**
 * Uses a public token once: marks it used if it is the client's, unused, unrevoked and unexpired
 * at `now` (a conditional update: of two concurrent exchanges one marks it), and reads its Item
 * with the Item's live access token. On PostgreSQL one statement (the update in a data-modifying
 * CTE). Undefined when the token could not be used; the caller rolls back when the Item is not live.
 */
export async function exchangePublicToken(
  trx: Trx,
  clientId: string,
  token: string,
  now: Date,
): Promise<UsedPublicToken | undefined> {
  const at = now.toISOString();
  const use = () =>
    trx
      .updateTable('tokens')
      .set({ used_at: at })
      .where('token', '=', token)
      .where('kind', '=', 'public')
      .where('client_id', '=', clientId)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('item_id', 'is not', null)
      .where('expires_at', '>', at)
      .returning('item_id');
  const liveAccessToken = (itemId: 'used.item_id' | 'items.item_id') =>
    trx
      .selectFrom('tokens as access')
      .select('access.token')
      .where('access.item_id', '=', sql.ref<string>(itemId))
      .where('access.kind', '=', 'access')
      .where('access.revoked_at', 'is', null)
      .orderBy('access.created_at', 'desc')
      .limit(1);
  if (engineOf(trx) === 'postgres') {
    const row = await trx
      .with('used', use)
      .selectFrom('used')
      .leftJoin('items', 'items.item_id', 'used.item_id')
      .select(['used.item_id', 'items.item_id as found', 'items.removed_at'])
      .select(liveAccessToken('used.item_id').as('access_token'))
      .executeTakeFirst();
    return row?.item_id
      ? { itemId: row.item_id, itemLive: row.found !== null && row.removed_at === null, accessToken: row.access_token }
      : undefined;
  }
  const used = await use().executeTakeFirst();
  if (!used?.item_id) {
    return undefined;
  }
  const item = await trx
    .selectFrom('items')
    .select('items.removed_at')
    .select(liveAccessToken('items.item_id').as('access_token'))
    .where('items.item_id', '=', used.item_id)
    .executeTakeFirst();
  return {
    itemId: used.item_id,
    itemLive: item !== undefined && item.removed_at === null,
    accessToken: item?.access_token ?? null,
  };
}

/**
 * Rotates the client's live access token `token`: revokes it (a conditional update: of concurrent
 * changes through the token, one revokes it and the others find it revoked) and stores
 * `newToken` for its Item, if the Item is the client's and live. On PostgreSQL one statement
 * (the insert selects from the revoking CTE). Returns whether it rotated.
 */
export async function rotateAccessToken(
  trx: Trx,
  clientId: string,
  token: string,
  newToken: string,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const revoke = () => revokeLiveAccessToken(trx, clientId, token, at);
  if (engineOf(trx) === 'postgres') {
    const inserted = await trx
      .with('revoked', revoke)
      .insertInto('tokens')
      .columns(['token', 'kind', 'client_id', 'item_id', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('revoked')
          .select([
            sql<string>`cast(${newToken} as text)`.as('token'),
            sql<string>`'access'`.as('kind'),
            sql<string>`cast(${clientId} as text)`.as('client_id'),
            'revoked.item_id',
            sql<string>`cast(${at} as text)`.as('created_at'),
          ]),
      )
      .returning('token')
      .execute();
    return inserted.length === 1;
  }
  const revoked = await revoke().executeTakeFirst();
  if (!revoked?.item_id) {
    return false;
  }
  await trx
    .insertInto('tokens')
    .values(tokenRow(newToken, 'access', clientId, revoked.item_id, now))
    .execute();
  return true;
}

/**
 * The update revoking the client's live access token `token` at `at` if its Item is the client's
 * and live, answering the Item's id: the claim of a change through the token (of concurrent ones,
 * one revokes it; on PostgreSQL the others wait for its row, then find it revoked).
 */
function revokeLiveAccessToken(trx: Trx, clientId: string, token: string, at: string) {
  return trx
    .updateTable('tokens')
    .set({ revoked_at: at })
    .where('token', '=', token)
    .where('kind', '=', 'access')
    .where('client_id', '=', clientId)
    .where('revoked_at', 'is', null)
    .where('item_id', 'in', (eb) =>
      eb
        .selectFrom('items')
        .select('items.item_id')
        .where('items.client_id', '=', clientId)
        .where('items.removed_at', 'is', null),
    )
    .returning('item_id');
}

/**
 * Sets the webhook URL of the Item of the client's live access token `token`, if the Item is
 * live; returns the Item as it is afterwards (undefined: no such token or Item).
 */
export async function setWebhookOfTokenItem(
  trx: Trx,
  clientId: string,
  token: string,
  webhook: string,
): Promise<LiveItem | undefined> {
  return trx
    .updateTable('items')
    .set({ webhook })
    .where('item_id', '=', itemIdOfToken(trx, { clientId, token, kind: 'access' }))
    .where('client_id', '=', clientId)
    .where('removed_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** The webhook URL of the Item `itemId` (null when it has none or does not exist). */
export async function webhookOfItem(db: Kysely<Database> | Trx, itemId: string): Promise<string | null> {
  const item = await db.selectFrom('items').select('webhook').where('item_id', '=', itemId).executeTakeFirst();
  return item?.webhook ?? null;
}

/**
 * The statement setting whether the Item of the client's live access token `token` is in
 * `ITEM_LOGIN_REQUIRED`: one conditional update that answers the Item as it is afterwards when it
 * changed, and nothing when it already was so (which makes a retried call harmless) or there is
 * no such live token and Item. To send together with the token's lookup (`together.ts`), which
 * tells the two apart.
 */
export function loginRequiredStatement(
  trx: Trx,
  clientId: string,
  token: string,
  required: boolean,
): CompiledQuery<LiveItem> {
  const value = required ? 1 : 0;
  return trx
    .updateTable('items')
    .set({ login_required: value })
    .where('item_id', '=', itemIdOfToken(trx, { clientId, token, kind: 'access' }))
    .where('client_id', '=', clientId)
    .where('removed_at', 'is', null)
    .where('login_required', '<>', value)
    .returningAll()
    .compile();
}

/** The statement setting the micro-deposit verification status of the account `accountId`. */
export function verificationStatusStatement(
  trx: Trx,
  accountId: string,
  status: AccountsTable['verification_status'],
): CompiledQuery {
  return trx.updateTable('accounts').set({ verification_status: status }).where('account_id', '=', accountId).compile();
}

/**
 * Removes the Item of the client's live access token `token` and revokes every token of it, if
 * the Item is live. The token is revoked first (a conditional update: of concurrent changes
 * through the token, one revokes it and the others find it revoked), then the Item is removed (a
 * conditional update: of concurrent removals through two tokens of one Item, one removes it).
 * On PostgreSQL one statement (data-modifying CTEs). Returns whether it removed the Item; when
 * not, the caller rolls back (the token may have been revoked).
 */
export async function removeItemOfToken(trx: Trx, clientId: string, token: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const revoke = () => revokeLiveAccessToken(trx, clientId, token, at);
  if (engineOf(trx) === 'postgres') {
    const removed = await trx
      .with('revoked', revoke)
      .with('removed', (db) =>
        db
          .updateTable('items')
          .set({ removed_at: at })
          .where('item_id', 'in', db.selectFrom('revoked').select('revoked.item_id'))
          .where('removed_at', 'is', null)
          .returning('item_id'),
      )
      .with('others', (db) =>
        db
          .updateTable('tokens')
          .set({ revoked_at: at })
          .where('item_id', 'in', db.selectFrom('removed').select('removed.item_id'))
          .where('token', '<>', token)
          .where('revoked_at', 'is', null)
          .returning('token'),
      )
      .selectFrom('removed')
      .select('removed.item_id')
      .execute();
    return removed.length === 1;
  }
  const revoked = await revoke().executeTakeFirst();
  if (!revoked?.item_id) {
    return false;
  }
  const removed = await trx
    .updateTable('items')
    .set({ removed_at: at })
    .where('item_id', '=', revoked.item_id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (Number(removed.numUpdatedRows) !== 1) {
    return false;
  }
  await trx
    .updateTable('tokens')
    .set({ revoked_at: at })
    .where('item_id', '=', revoked.item_id)
    .where('revoked_at', 'is', null)
    .execute();
  return true;
}
