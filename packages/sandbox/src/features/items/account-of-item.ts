/**
 * The account an operation names with a top-level `account_id`, which must be one of the Item's.
 */
import type { Kysely, Transaction } from 'kysely';
import { type Database, together } from '../../engine/index.js';
import {
  type AccountRow,
  accountByIdStatement,
  type LiveItem,
  liveItemOf,
  liveTokenOf,
  liveTokenStatement,
} from './access.js';
import { invalidAccountId } from './errors.js';

/**
 * `found` (account `accountId` read by `accountByIdStatement`, or none) if it is one of Item
 * `itemId`'s accounts; otherwise `INVALID_ACCOUNT_ID`, naming it.
 */
export function theItemsAccount(found: AccountRow | undefined, itemId: string, accountId: string): AccountRow {
  if (!found || found.item_id !== itemId) {
    throw invalidAccountId('account_id', [accountId]);
  }
  return found;
}

/**
 * The Item of the client's live access token and its account `accountId`, read together (one
 * round trip on PostgreSQL: with the `begin` inside a transaction): `INVALID_ACCESS_TOKEN` or
 * `INVALID_ACCOUNT_ID` (see {@link theItemsAccount}) otherwise.
 */
export async function itemAndAccount(
  db: Kysely<Database> | Transaction<Database>,
  clientId: string,
  accessToken: string,
  accountId: string,
): Promise<{ item: LiveItem; account: AccountRow }> {
  const [token, named] = await together(db, [
    liveTokenStatement(db, clientId, accessToken, 'access'),
    accountByIdStatement(db, accountId),
  ]);
  const item = liveItemOf(liveTokenOf(token.rows[0]));
  return { item, account: theItemsAccount(named.rows[0], item.item_id, accountId) };
}
