/**
 * The account an operation names with a top-level `account_id`, which must be one of the Item's.
 */
import { type AccountRow, accountOfItemIfAny } from './access.js';
import { invalidAccountId } from './errors.js';

type Db = Parameters<typeof accountOfItemIfAny>[0];

/** The Item's account `accountId`; otherwise `INVALID_ACCOUNT_ID`, naming it. */
export async function accountOfItem(db: Db, itemId: string, accountId: string): Promise<AccountRow> {
  return theItemsAccount(await accountOfItemIfAny(db, itemId, accountId), itemId, accountId);
}

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
