/**
 * The accounts of the Item of a token, read by the token itself (the Item id comes from a
 * subquery): a statement that needs no earlier answer, so it goes out together with the token's
 * own lookup (`together.ts`, `liveTokenStatement`) and a request that needs both costs one round
 * trip, with or without the accounts kept in memory. The caller keeps the rows only once the
 * lookup says the token is live.
 */
import type { CompiledQuery, Kysely, Transaction } from 'kysely';
import { type Database, type Placeholders, prepareQuery } from '../../engine/index.js';
import type { AccountRow } from './access.js';

type Db = Kysely<Database> | Transaction<Database>;

type TokenParams = Placeholders<{ clientId: string; token: string; kind: string }>;

/**
 * The Item id of the client's unrevoked token of `kind`, as a subquery (whether the Item is live
 * is the token lookup's to say).
 */
export function itemIdOfToken(db: Db, p: TokenParams) {
  return db
    .selectFrom('tokens')
    .select('tokens.item_id')
    .where('tokens.token', '=', p.token)
    .where('tokens.kind', '=', p.kind)
    .where('tokens.client_id', '=', p.clientId)
    .where('tokens.revoked_at', 'is', null);
}

/** The accounts of the Item of the client's token of `p.kind`, in their order, as a select to build on. */
export function accountsOfToken(db: Db, p: TokenParams) {
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('accounts.item_id', '=', itemIdOfToken(db, p))
    .orderBy('accounts.position');
}

const accountsOfTokenQuery = prepareQuery<{ clientId: string; token: string; kind: string }, AccountRow>((db, p) =>
  accountsOfToken(db, p),
);

/** The statement reading the accounts of the Item of the client's token `token` of `kind`, in their order. */
export function accountsOfTokenStatement(
  db: Db,
  clientId: string,
  token: string,
  kind = 'access',
): CompiledQuery<AccountRow> {
  return accountsOfTokenQuery.compile(db, { clientId, token, kind });
}
