/**
 * The token lookup of a read that goes on to read the Item's accounts (`accountsOfItem`). On
 * PostgreSQL outside a transaction, the accounts come in the token's own statement, unless the
 * version this instance knows for the token's Item is the current one (then none, and the kept
 * accounts serve): so such a read costs one round trip and one statement whether its accounts are
 * kept or not. Which Item a token is of is remembered only to know which version to ask about;
 * whether the token is live is read on every request.
 */
import { type CompiledQuery, type Kysely, type QueryResult, sql, type Transaction } from 'kysely';
import {
  type Database,
  type Placeholders,
  prepareQuery,
  type Results,
  setBounded,
  together,
  twoWays,
} from '../../engine/index.js';
import {
  ACCOUNTS_CACHE_SIZE,
  type AccountRow,
  accountsVersionOf,
  accountsVersionReadWith,
  keepAccounts,
  keptAccountsVersion,
  type LiveItem,
  liveTokenOf,
  liveTokenSelect,
  liveTokenStatement,
  type TokenRow,
} from './access.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The accounts of the row's Item in their order, as one JSON array (null when it has none). */
const changedAccountsJson = sql`select json_agg(listed order by listed.position) from accounts listed where listed.item_id = ${sql.ref('items.item_id')}`;

/**
 * PostgreSQL: the live token `p.token` of `p.kind` of the client with its Item
 * (`liveTokenSelect`), the version of the Item's accounts (`accounts_version`, as
 * `accountsVersionOf` reads it) and, unless that version is `p.knownVersion`, the Item's accounts
 * in their order as one JSON array (`changed_accounts`; null when unchanged or when it has none).
 * One statement, one snapshot: the version and the accounts are read together. The version is
 * computed once, in a lateral subquery; the accounts are read only when it changed.
 */
const tokenWithChangedAccountsQuery = prepareQuery(
  (db, p: Placeholders<{ clientId: string; token: string; kind: string; knownVersion: string | null }>) =>
    liveTokenSelect(db, p)
      .innerJoinLateral(db.selectNoFrom(accountsVersionOf('items.item_id').as('version')).as('item_accounts'), (join) =>
        join.onTrue(),
      )
      .select([
        'item_accounts.version as accounts_version',
        sql<
          unknown[] | null
        >`case when ${sql.ref('item_accounts.version')} is distinct from ${p.knownVersion}::text then (${changedAccountsJson}) end`.as(
          'changed_accounts',
        ),
      ]),
);

/**
 * The `double precision` columns of `accounts`. In JSON PostgreSQL writes a finite one as a
 * number, the same text its row answer carries; `NaN` and `±Infinity` as strings, which
 * {@link accountsFromJson} turns back into the numbers pg's row parser gives.
 */
const FLOAT_COLUMNS = ['available', 'current', 'limit_amount'] as const satisfies readonly (keyof AccountRow)[];

/** The account rows of `changed_accounts` as `select * from accounts` answers them (none: `[]`). */
export function accountsFromJson(json: unknown): AccountRow[] {
  if (json === null || json === undefined) {
    return [];
  }
  const rows = json as Record<string, unknown>[];
  for (const row of rows) {
    for (const column of FLOAT_COLUMNS) {
      const value = row[column];
      if (typeof value === 'string') {
        row[column] = Number(value);
      }
    }
  }
  return rows as unknown as AccountRow[];
}

/** A row of {@link tokenWithChangedAccountsQuery}: the token's row as `liveTokenOf` reads it, and the accounts' JSON apart. */
function splitChangedAccounts(row: unknown): { tokenRow: unknown; changedAccounts: unknown } {
  if (row === undefined) {
    return { tokenRow: undefined, changedAccounts: null };
  }
  const { changed_accounts: changedAccounts, ...tokenRow } = row as { changed_accounts: unknown };
  return { tokenRow, changedAccounts };
}

/** Per store database (PostgreSQL): token → the id of its Item (which never changes). */
const itemsOfTokens = new WeakMap<Db, Map<string, string>>();

/** What {@link readWithToken} answers: the token and its live Item (if it is live), and the answers of the other statements, in order. */
export interface ReadWithToken<T extends readonly CompiledQuery<unknown>[]> {
  found: { token: TokenRow; item: LiveItem } | undefined;
  answers: Results<T>;
}

/**
 * `liveToken` for a read that goes on to `accountsOfItem` of the token's Item, with `statements`
 * (reads that need no earlier answer) sent together with it: one round trip on PostgreSQL. There,
 * outside a transaction, the accounts come in the same round trip when the kept ones are not
 * current (and are kept).
 */
export function readWithToken<const T extends readonly CompiledQuery<unknown>[]>(
  db: Db,
  clientId: string,
  token: string,
  kind: string,
  statements: T,
): Promise<ReadWithToken<T>> {
  return readWithTokenWays(db, { clientId, token, kind, statements }) as Promise<ReadWithToken<T>>;
}

/** What a read with a token asks for: the client's token of `kind`, and reads sent along with it. */
interface TokenRead {
  clientId: string;
  token: string;
  kind: string;
  statements: readonly CompiledQuery<unknown>[];
}

/** {@link readWithToken} with its answers untyped. */
type AnyReadWithToken = { found: ReturnType<typeof liveTokenOf>; answers: readonly QueryResult<unknown>[] };

/** The token and the statements together, nothing more. */
async function tokenWithStatements(db: Db, read: TokenRead): Promise<AnyReadWithToken> {
  const [found, ...answers] = await together(db, [
    liveTokenStatement(db, read.clientId, read.token, read.kind),
    ...read.statements,
  ]);
  return { found: liveTokenOf(found?.rows[0]), answers };
}

const readWithTokenWays = twoWays({
  /** Outside a transaction, the accounts of the token's Item come along when the kept ones are not current. */
  async fewStatements(db: Db, read: TokenRead): Promise<AnyReadWithToken> {
    if (db.isTransaction) {
      return tokenWithStatements(db, read);
    }
    const { clientId, token, kind } = read;
    let tokenItems = itemsOfTokens.get(db);
    if (!tokenItems) {
      tokenItems = new Map();
      itemsOfTokens.set(db, tokenItems);
    }
    const hintedItemId = tokenItems.get(token);
    const knownVersion = hintedItemId === undefined ? null : (keptAccountsVersion(db, hintedItemId) ?? null);
    const [found, ...answers] = await together(db, [
      tokenWithChangedAccountsQuery.compile(db, { clientId, token, kind, knownVersion }),
      ...read.statements,
    ]);
    const { tokenRow, changedAccounts } = splitChangedAccounts(found?.rows[0]);
    const live = liveTokenOf(tokenRow);
    const version = live && accountsVersionReadWith(live.item);
    if (live && version !== undefined) {
      setBounded(tokenItems, token, live.item.item_id, ACCOUNTS_CACHE_SIZE);
      // Unless the kept ones are current, the rows answered were read with the version, in one snapshot.
      if (version !== knownVersion || hintedItemId !== live.item.item_id) {
        keepAccounts(db, live.item.item_id, version, accountsFromJson(changedAccounts));
      }
    }
    return { found: live, answers };
  },
  plainStatements: tokenWithStatements,
});
