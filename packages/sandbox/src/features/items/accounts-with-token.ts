/**
 * The token lookup of a read that goes on to read the Item's accounts (`accountsOfItem`). On
 * PostgreSQL outside a transaction, the accounts are asked for in the same round trip as the
 * token, unless the version this instance knows for the token's Item is the current one (the
 * statement then answers no rows, and the kept accounts serve): so such a read costs one round
 * trip whether its accounts are kept or not. Which Item a token is of is remembered only to know
 * which version to ask about; whether the token is live is read on every request.
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
  liveTokenStatement,
  type TokenRow,
} from './access.js';
import { accountsOfToken, itemIdOfToken } from './token-accounts.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * PostgreSQL: the accounts of the Item of the client's token `p.token` of `p.kind`, in their
 * order, unless their version is `p.knownVersion` (then none).
 */
const changedAccountsOfTokenQuery = prepareQuery(
  (db, p: Placeholders<{ clientId: string; token: string; kind: string; knownVersion: string | null }>) =>
    // The version is of the token's Item, not of each row: PostgreSQL computes it once, and when
    // it is the known one answers no row without reading the accounts.
    accountsOfToken(db, p).where(
      sql<boolean>`${accountsVersionOf(itemIdOfToken(db, p))} is distinct from ${p.knownVersion}::text`,
    ),
);

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
    const [found, accounts, ...answers] = await together(db, [
      liveTokenStatement(db, clientId, token, kind),
      changedAccountsOfTokenQuery.compile(db, { clientId, token, kind, knownVersion }),
      ...read.statements,
    ]);
    const live = liveTokenOf(found?.rows[0]);
    const version = live && accountsVersionReadWith(live.item);
    if (live && accounts && version !== undefined) {
      setBounded(tokenItems, token, live.item.item_id, ACCOUNTS_CACHE_SIZE);
      // Unless the kept ones are current, the rows answered were read after the version: at least
      // as new as it (a newer version is read again).
      if (version !== knownVersion || hintedItemId !== live.item.item_id) {
        keepAccounts(db, live.item.item_id, version, accounts.rows as AccountRow[]);
      }
    }
    return { found: live, answers };
  },
  plainStatements: tokenWithStatements,
});
