/**
 * The account an operation names with a top-level `account_id`, which must be one of the Item's.
 */
import type { AccountRow } from './access.js';
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
