/**
 * Changes through a token, each claimed by a conditional update: the exchange marks the public
 * token used, a rotation or a removal revokes the access token, a webhook or login change updates
 * the token's Item, each only while the token (and its Item) is still live. Of concurrent requests
 * through one token one wins: on PostgreSQL the others wait for the row, then find it changed.
 * What depends on the claim rides in the same statement on PostgreSQL (data-modifying CTEs: the
 * new access token, the Item's removal), so a request costs two round trips in all; a refusal
 * found afterwards throws and the transaction rolls the claim back. SQLite (one writing
 * transaction at a time, no data-modifying CTEs) runs the same steps one statement after another.
 * Every statement is prepared (`prepared-query.ts`): built and compiled once.
 */
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import {
  affectedRows,
  type Database,
  newAccessToken,
  type Placeholders,
  prepareQuery,
  twoWays,
} from '../../engine/index.js';
import { accessTokenStatement } from './queries.js';
import type { ItemsTable } from './tables.js';
import { itemIdOfToken } from './token-accounts.js';

type Trx = Transaction<Database>;
type Db = Kysely<Database> | Trx;

/** What each claim on a token is asked with: the client, its token, and the time of the claim. */
type TokenClaimArgs = [clientId: string, token: string, now: Date];

/** An Item row. */
type ItemRow = Selectable<ItemsTable>;

/** What identifies a claim: the client, its token and the time of the change. */
type Claim = Placeholders<{ clientId: string; token: string; at: string }>;

/** The update marking the client's public token used at `at`, if unused, unrevoked and unexpired; answers its Item id. */
function usePublicToken(db: Db, p: Claim) {
  return db
    .updateTable('tokens')
    .set({ used_at: p.at })
    .where('token', '=', p.token)
    .where('kind', '=', 'public')
    .where('client_id', '=', p.clientId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('item_id', 'is not', null)
    .where('expires_at', '>', p.at);
}

/** The Item's live access token (the newest), as a subquery of the Item id `itemId` refers to. */
function liveAccessTokenOf(db: Db, itemId: 'used.item_id' | 'items.item_id') {
  return db
    .selectFrom('tokens as access')
    .select('access.token')
    .where('access.item_id', '=', sql.ref<string>(itemId))
    .where('access.kind', '=', 'access')
    .where('access.revoked_at', 'is', null)
    .orderBy('access.created_at', 'desc')
    .limit(1);
}

const exchangeQuery = prepareQuery((db, p: Claim) =>
  db
    .with('used', () => usePublicToken(db, p).returning('item_id'))
    .selectFrom('used')
    .leftJoin('items', 'items.item_id', 'used.item_id')
    .select(['used.item_id', 'items.item_id as found', 'items.removed_at'])
    .select(liveAccessTokenOf(db, 'used.item_id').as('access_token')),
);

const usePublicTokenQuery = prepareQuery((db, p: Claim) => usePublicToken(db, p).returning('item_id'));

const itemWithAccessTokenQuery = prepareQuery((db, p: Placeholders<{ itemId: string }>) =>
  db
    .selectFrom('items')
    .select('items.removed_at')
    .select(liveAccessTokenOf(db, 'items.item_id').as('access_token'))
    .where('items.item_id', '=', p.itemId),
);

/** A public token used by {@link exchangePublicToken}: its Item, whether the Item is live, and the Item's live access token. */
export interface UsedPublicToken {
  itemId: string;
  itemLive: boolean;
  accessToken: string | null;
}

/**
 * Uses a public token once: marks it used if it is the client's, unused, unrevoked and unexpired
 * at `now` (of concurrent exchanges one marks it), and reads its Item with the Item's live access
 * token. Undefined when the token could not be used; the caller rolls back when the Item is not live.
 */
export const exchangePublicToken = twoWays<Trx, TokenClaimArgs, Promise<UsedPublicToken | undefined>>({
  async fewStatements(trx, clientId, token, now) {
    const row = await exchangeQuery.executeTakeFirst(trx, { clientId, token, at: now.toISOString() });
    return row?.item_id
      ? { itemId: row.item_id, itemLive: row.found !== null && row.removed_at === null, accessToken: row.access_token }
      : undefined;
  },
  async plainStatements(trx, clientId, token, now) {
    const used = await usePublicTokenQuery.executeTakeFirst(trx, { clientId, token, at: now.toISOString() });
    if (!used?.item_id) {
      return undefined;
    }
    const item = await itemWithAccessTokenQuery.executeTakeFirst(trx, { itemId: used.item_id });
    return {
      itemId: used.item_id,
      itemLive: item !== undefined && item.removed_at === null,
      accessToken: item?.access_token ?? null,
    };
  },
});

/**
 * The update revoking the client's live access token at `at` if its Item is the client's and
 * live, answering the Item's id: the claim of a rotation or a removal.
 */
function revokeLiveAccessToken(db: Db, p: Claim) {
  return db
    .updateTable('tokens')
    .set({ revoked_at: p.at })
    .where('token', '=', p.token)
    .where('kind', '=', 'access')
    .where('client_id', '=', p.clientId)
    .where('revoked_at', 'is', null)
    .where((eb) =>
      // Correlated: one lookup of the token's Item (not a list of the client's live Items).
      eb.exists(
        eb
          .selectFrom('items')
          .select('items.item_id')
          .whereRef('items.item_id', '=', 'tokens.item_id')
          .where('items.client_id', '=', p.clientId)
          .where('items.removed_at', 'is', null),
      ),
    )
    .returning('item_id');
}

const revokeQuery = prepareQuery((db, p: Claim) => revokeLiveAccessToken(db, p));

const rotateQuery = prepareQuery((db, p: Claim & Placeholders<{ newToken: string }>) =>
  db
    .with('revoked', () => revokeLiveAccessToken(db, p))
    .insertInto('tokens')
    .columns(['token', 'kind', 'client_id', 'item_id', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('revoked')
        .select([
          sql<string>`cast(${p.newToken} as text)`.as('token'),
          sql<string>`'access'`.as('kind'),
          sql<string>`cast(${p.clientId} as text)`.as('client_id'),
          'revoked.item_id',
          sql<string>`cast(${p.at} as text)`.as('created_at'),
        ]),
    )
    .returning('token'),
);

/**
 * Rotates the client's live access token `token`: revokes it and issues a new access token for
 * its Item, if the Item is the client's and live. Returns the new token (undefined: not rotated).
 */
export const rotateAccessToken = twoWays<Trx, TokenClaimArgs, Promise<string | undefined>>({
  async fewStatements(trx, clientId, token, now) {
    const newToken = newAccessToken();
    const inserted = await rotateQuery.execute(trx, { clientId, token, at: now.toISOString(), newToken });
    return inserted.length === 1 ? newToken : undefined;
  },
  async plainStatements(trx, clientId, token, now) {
    const revoked = await revokeQuery.executeTakeFirst(trx, { clientId, token, at: now.toISOString() });
    if (!revoked?.item_id) {
      return undefined;
    }
    const issued = accessTokenStatement(trx, clientId, revoked.item_id, now);
    await trx.executeQuery(issued.statement);
    return issued.token;
  },
});

const removeQuery = prepareQuery((db, p: Claim) =>
  db
    .with('revoked', () => revokeLiveAccessToken(db, p))
    .with('removed', (cte) =>
      cte
        .updateTable('items')
        .set({ removed_at: p.at })
        .where('item_id', 'in', cte.selectFrom('revoked').select('revoked.item_id'))
        .where('removed_at', 'is', null)
        .returning('item_id'),
    )
    .with('others', (cte) =>
      cte
        .updateTable('tokens')
        .set({ revoked_at: p.at })
        .where('item_id', 'in', cte.selectFrom('removed').select('removed.item_id'))
        .where('token', '<>', p.token)
        .where('revoked_at', 'is', null)
        .returning('token'),
    )
    .selectFrom('removed')
    .select('removed.item_id'),
);

/**
 * Removes the Item of the client's live access token `token` and revokes every token of it, if
 * the Item is live. The token is revoked first (the claim), then the Item is removed (a
 * conditional update too: of concurrent removals through two tokens of one Item, one removes it).
 * Returns whether it removed the Item; when not, the caller rolls back (the token may have been
 * revoked).
 */
export const removeItemOfToken = twoWays<Trx, TokenClaimArgs, Promise<boolean>>({
  async fewStatements(trx, clientId, token, now) {
    return (await removeQuery.execute(trx, { clientId, token, at: now.toISOString() })).length === 1;
  },
  async plainStatements(trx, clientId, token, now) {
    const at = now.toISOString();
    const revoked = await revokeQuery.executeTakeFirst(trx, { clientId, token, at });
    if (!revoked?.item_id) {
      return false;
    }
    const removal = { itemId: revoked.item_id, at };
    if (affectedRows(await removeLiveItemQuery.executeResult(trx, removal)) !== 1) {
      return false;
    }
    await revokeItemTokensQuery.executeResult(trx, removal);
    return true;
  },
});

type ItemRemoval = Placeholders<{ itemId: string; at: string }>;

/** Step by step (plainStatements): the Item removed at `at` if it is live. */
const removeLiveItemQuery = prepareQuery((db, p: ItemRemoval) =>
  db.updateTable('items').set({ removed_at: p.at }).where('item_id', '=', p.itemId).where('removed_at', 'is', null),
);

/** Step by step (plainStatements): every unrevoked token of the Item revoked at `at`. */
const revokeItemTokensQuery = prepareQuery((db, p: ItemRemoval) =>
  db.updateTable('tokens').set({ revoked_at: p.at }).where('item_id', '=', p.itemId).where('revoked_at', 'is', null),
);

/** The Item of the client's live access token, if live, as an update's target. */
function updateTokenItem(db: Db, p: Placeholders<{ clientId: string; token: string }>) {
  return db
    .updateTable('items')
    .where('item_id', '=', itemIdOfToken(db, { clientId: p.clientId, token: p.token, kind: 'access' }))
    .where('client_id', '=', p.clientId)
    .where('removed_at', 'is', null);
}

const setWebhookQuery = prepareQuery((db, p: Placeholders<{ clientId: string; token: string; webhook: string }>) =>
  updateTokenItem(db, p).set({ webhook: p.webhook }).returningAll(),
);

/**
 * Sets the webhook URL of the Item of the client's live access token `token`, if the Item is
 * live; returns the Item as it is afterwards (undefined: no such token or Item).
 */
export function setWebhookOfTokenItem(
  trx: Trx,
  clientId: string,
  token: string,
  webhook: string,
): Promise<ItemRow | undefined> {
  return setWebhookQuery.executeTakeFirst(trx, { clientId, token, webhook });
}

const loginRequiredQuery = prepareQuery((db, p: Placeholders<{ clientId: string; token: string; value: number }>) =>
  updateTokenItem(db, p).set({ login_required: p.value }).where('login_required', '<>', p.value).returningAll(),
);

/**
 * The statement setting whether the Item of the client's live access token `token` is in
 * `ITEM_LOGIN_REQUIRED`: one conditional update that answers the Item as it is afterwards when it
 * changed, and nothing when it already was so (which makes a retried call harmless) or there is
 * no such live token and Item. To send together with the token's lookup (`together.ts`), which
 * tells the two apart.
 */
export function loginRequiredStatement(trx: Trx, clientId: string, token: string, required: boolean) {
  return loginRequiredQuery.compile(trx, { clientId, token, value: required ? 1 : 0 });
}
