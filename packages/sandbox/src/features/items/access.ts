/**
 * Resolving the bearer tokens of a request to what they stand for, within the calling client.
 * A token of another client is answered exactly like one that does not exist, so no client can
 * learn that another client's token exists.
 *
 * On PostgreSQL the accounts of an Item are kept in memory (the read cache of SQLite does not
 * apply there) under a version read in the same statement as the token: the transaction ids that
 * wrote the Item's account rows (`xmin`, which every insert, update and delete of an account
 * changes, from any instance). A token is never kept: revoked tokens and removed Items are seen
 * by the next request on every instance, and so is any change of an account, at no round trip of
 * its own. A read that needs the accounts (`readWithToken`, accounts-with-token.ts) asks for them
 * in the token's own statement, unless the version it knows for the token's Item is current: so
 * `/auth/get` costs one round trip whether the accounts are kept or not.
 */
import { type CompiledQuery, type Expression, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { type Database, type Placeholders, prepareQuery, setBounded, together, twoWays } from '../../engine/index.js';
import { invalidAccessToken, invalidAccountId, invalidProcessorToken } from './errors.js';
import type { AccountsTable, ItemsTable, TokensTable } from './tables.js';

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
  return liveItemOf(await liveToken(db, clientId, accessToken, 'access'));
}

/** The Item of an access token looked up with {@link liveTokenStatement}; otherwise `INVALID_ACCESS_TOKEN`. */
export function liveItemOf(found: { item: LiveItem } | undefined): LiveItem {
  if (!found) {
    throw invalidAccessToken();
  }
  return found.item;
}

/** What a live processor token stands for: its Item, the account it is for, and the token. */
export interface ProcessorTokenParty {
  item: LiveItem;
  account: AccountRow;
  token: TokenRow;
}

/** The Item and account of a valid processor token of `clientId`; otherwise `INVALID_PROCESSOR_TOKEN`. */
export async function accountOfProcessorToken(
  db: Db,
  clientId: string,
  processorToken: string,
): Promise<ProcessorTokenParty> {
  // The token and its account together (one round trip on PostgreSQL).
  const [token, account] = await together(db, processorTokenStatements(db, clientId, processorToken));
  return processorTokenOf(token.rows[0], account.rows[0]);
}

/**
 * The statements of {@link accountOfProcessorToken}: the token with its Item
 * ({@link liveTokenStatement}) and the account it names, to send together with others
 * (`together.ts`); {@link processorTokenOf} reads their first rows.
 */
export function processorTokenStatements(
  db: Db,
  clientId: string,
  processorToken: string,
): [CompiledQuery<unknown>, CompiledQuery<AccountRow>] {
  return [
    liveTokenStatement(db, clientId, processorToken, 'processor'),
    accountOfTokenQuery.compile(db, { token: processorToken, kind: 'processor', clientId }),
  ];
}

/**
 * The party read by {@link processorTokenStatements} from their first rows; `INVALID_PROCESSOR_TOKEN`
 * when the token is not live or the account read is not the one it names.
 */
export function processorTokenOf(tokenRow: unknown, accountRow: unknown): ProcessorTokenParty {
  const found = liveTokenOf(tokenRow);
  const account = accountRow as AccountRow | undefined;
  if (!found || !account || account.account_id !== found.token.account_id) {
    throw invalidProcessorToken();
  }
  return { item: found.item, account, token: found.token };
}

/** The account a token of `p.kind` of `p.clientId` is for (whether the token is live is the token lookup's business). */
const accountOfTokenQuery = prepareQuery((db, p: LiveTokenParams) =>
  db
    .selectFrom('accounts')
    .innerJoin('tokens', 'tokens.account_id', 'accounts.account_id')
    .selectAll('accounts')
    .where('tokens.token', '=', p.token)
    .where('tokens.kind', '=', p.kind)
    .where('tokens.client_id', '=', p.clientId),
);

/** What a live token is looked up by. */
export type LiveTokenParams = Placeholders<{ token: string; kind: string; clientId: string }>;

const liveTokenQuery = prepareQuery((db, p: LiveTokenParams) => liveTokenSelect(db, p));

/**
 * PostgreSQL: the version of the accounts of Item `itemId` (a column, or a subquery giving the
 * id): the transaction ids that wrote its account rows (null when it has none).
 */
export function accountsVersionOf(itemId: 'items.item_id' | Expression<unknown>) {
  const id = typeof itemId === 'string' ? sql.ref(itemId) : itemId;
  return sql<
    string | null
  >`(select string_agg(a.xmin::text, ',' order by a.account_id) from accounts a where a.item_id = ${id})`;
}

/** In one statement (fewStatements): the same, with the version of the Item's accounts (see the file's comment). */
const liveTokenWithAccountsVersionQuery = prepareQuery((db, p: LiveTokenParams) =>
  liveTokenSelect(db, p).select(accountsVersionOf('items.item_id').as('accounts_version')),
);

/**
 * The select of a live token of `p.kind` of `p.clientId` with its live Item (the Item's columns,
 * then the token's as `token_…`), to build on; {@link liveTokenOf} reads its rows.
 */
export function liveTokenSelect(db: Db, p: LiveTokenParams) {
  return db
    .selectFrom('tokens')
    .innerJoin('items', 'items.item_id', 'tokens.item_id')
    .selectAll('items')
    .select([
      'tokens.token as token_token',
      'tokens.kind as token_kind',
      'tokens.client_id as token_client_id',
      'tokens.account_id as token_account_id',
      'tokens.subject_id as token_subject_id',
      'tokens.created_at as token_created_at',
      'tokens.expires_at as token_expires_at',
      'tokens.used_at as token_used_at',
      'tokens.revoked_at as token_revoked_at',
    ])
    .where('tokens.token', '=', p.token)
    .where('tokens.kind', '=', p.kind)
    .where('tokens.client_id', '=', p.clientId)
    .where('tokens.revoked_at', 'is', null)
    .where('items.client_id', '=', p.clientId)
    .where('items.removed_at', 'is', null);
}

type LiveTokenRow = NonNullable<Awaited<ReturnType<typeof liveTokenQuery.executeTakeFirst>>>;

/** The version of each Item's accounts read with its token (PostgreSQL), by the Item row handed out. */
const accountsVersions = new WeakMap<LiveItem, string>();

/**
 * A token of `kind` of `clientId` that is not revoked and whose Item (if any) was not removed,
 * with that Item. Expiry and single use are the caller's rules.
 */
async function liveToken(
  db: Db,
  clientId: string,
  token: string,
  kind: string,
): Promise<{ token: TokenRow; item: LiveItem } | undefined> {
  // One query: the token and its live Item together (on PostgreSQL with its accounts' version).
  const { rows } = await db.executeQuery(liveTokenStatement(db, clientId, token, kind));
  return liveTokenOf(rows[0]);
}

/**
 * The statement of {@link liveToken}, to send together with others (`together.ts`);
 * {@link liveTokenOf} reads its first row.
 */
export const liveTokenStatement = twoWays({
  /** With the version of the Item's accounts, so kept accounts are read only when they changed. */
  fewStatements: (db: Db, clientId: string, token: string, kind: string): CompiledQuery<unknown> =>
    liveTokenWithAccountsVersionQuery.compile(db, { token, kind, clientId }),
  plainStatements: (db: Db, clientId: string, token: string, kind: string): CompiledQuery<unknown> =>
    liveTokenQuery.compile(db, { token, kind, clientId }),
});

/** The token and Item of the first row of {@link liveTokenStatement}'s result (`undefined`: none). */
export function liveTokenOf(found: unknown): { token: TokenRow; item: LiveItem } | undefined {
  const row = found as (LiveTokenRow & { accounts_version?: string | null }) | undefined;
  if (!row) {
    return undefined;
  }
  const {
    accounts_version,
    token_token,
    token_kind,
    token_client_id,
    token_account_id,
    token_subject_id,
    token_created_at,
    token_expires_at,
    token_used_at,
    token_revoked_at,
    ...item
  } = row;
  if (typeof accounts_version === 'string') {
    accountsVersions.set(item, accounts_version);
  }
  return {
    item,
    token: {
      token: token_token,
      kind: token_kind,
      client_id: token_client_id,
      item_id: item.item_id,
      account_id: token_account_id,
      subject_id: token_subject_id,
      created_at: token_created_at,
      expires_at: token_expires_at,
      used_at: token_used_at,
      revoked_at: token_revoked_at,
    },
  };
}

/** Most Items whose accounts are kept per store on PostgreSQL. */
export const ACCOUNTS_CACHE_SIZE = 2_000;

type KeptAccounts = Map<string, { version: string; rows: readonly AccountRow[] }>;

/** Per store database (PostgreSQL): Item id → the version its accounts were read at, and the rows. */
const keptAccounts = new WeakMap<Db, KeptAccounts>();

function keptAccountsOf(db: Db): KeptAccounts {
  let kept = keptAccounts.get(db);
  if (!kept) {
    kept = new Map();
    keptAccounts.set(db, kept);
  }
  return kept;
}

/** Keeps `rows`, read at `version` or later, as the accounts of Item `itemId` (frozen: callers share them). */
export function keepAccounts(db: Db, itemId: string, version: string, rows: AccountRow[]): AccountRow[] {
  for (const row of rows) {
    Object.freeze(row);
  }
  setBounded(keptAccountsOf(db), itemId, { version, rows: Object.freeze(rows) }, ACCOUNTS_CACHE_SIZE);
  return rows;
}

/** In one statement (fewStatements): the version of the Item's accounts read with its token, if it was. */
export function accountsVersionReadWith(item: LiveItem): string | undefined {
  return accountsVersions.get(item);
}

/** In one statement (fewStatements): the version the accounts kept of Item `itemId` were read at, if any are kept. */
export function keptAccountsVersion(db: Db, itemId: string): string | undefined {
  return keptAccounts.get(db)?.get(itemId)?.version;
}

/**
 * The accounts of an Item, in their order (frozen when kept: callers share them). Given the Item
 * row from a token (rather than its id), on PostgreSQL outside a transaction, they come from
 * memory while the version read with the token is the one they were read at.
 */
export async function accountsOfItem(db: Db, item: string | LiveItem): Promise<AccountRow[]> {
  if (typeof item === 'string') {
    return accountsOfItemQuery.execute(db, { itemId: item });
  }
  const version = accountsVersions.get(item);
  if (version === undefined || db.isTransaction) {
    return accountsOfItemQuery.execute(db, { itemId: item.item_id });
  }
  const entry = keptAccountsOf(db).get(item.item_id);
  if (entry?.version === version) {
    return entry.rows as AccountRow[];
  }
  // Read after the version: the rows are at least as new as it (a newer version is read again).
  return keepAccounts(db, item.item_id, version, await accountsOfItemQuery.execute(db, { itemId: item.item_id }));
}

const accountByIdQuery = prepareQuery((db, p: Placeholders<{ accountId: string }>) =>
  db.selectFrom('accounts').selectAll().where('account_id', '=', p.accountId),
);

/**
 * The statement reading account `accountId` whichever Item it is of, to send together with the
 * token lookup (`together.ts`); the caller keeps it only if it is of the token's Item.
 */
export function accountByIdStatement(db: Db, accountId: string): CompiledQuery<AccountRow> {
  return accountByIdQuery.compile(db, { accountId });
}

const accountsOfItemQuery = prepareQuery<{ itemId: string }, AccountRow>((db, p) =>
  db.selectFrom('accounts').selectAll().where('item_id', '=', p.itemId).orderBy('position'),
);

/**
 * The accounts of an Item selected by `options.account_ids` (all when absent). An id that is not
 * one of the Item's accounts is `INVALID_ACCOUNT_ID`, naming it.
 */
export function selectAccounts(
  accounts: readonly AccountRow[],
  accountIds: readonly string[] | undefined,
): AccountRow[] {
  if (!accountIds) {
    return [...accounts];
  }
  const unknown = accountIds.filter((id) => !accounts.some((account) => account.account_id === id));
  if (unknown.length > 0) {
    throw invalidAccountId('options.account_ids', unknown);
  }
  return accounts.filter((account) => accountIds.includes(account.account_id));
}
