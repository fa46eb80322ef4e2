/**
 * The account an operation names with a top-level `account_id`, which must be one of the Item's.
 */
import { invalidInput } from '../../engine/errors/sandbox-error.js';
import { type AccountRow, accountOfItemIfAny } from './access.js';

type Db = Parameters<typeof accountOfItemIfAny>[0];

/** The Item's account `accountId`; otherwise `INVALID_ACCOUNT_ID`, naming it. */
export async function accountOfItem(db: Db, itemId: string, accountId: string): Promise<AccountRow> {
  const account = await accountOfItemIfAny(db, itemId, accountId);
  if (!account) {
    throw invalidInput(
      'INVALID_ACCOUNT_ID',
      `account_id does not belong to the item of the provided access_token: ${accountId}`,
      'Use an account_id returned for this Item, for example by /auth/get.',
    );
  }
  return account;
}
