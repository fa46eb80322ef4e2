/**
 * `/sandbox/item/set_verification_status`: sets the micro-deposit verification status of an
 * account of the Item, only for accounts enabled for micro-deposit verification.
 */
import type { HandlerGroup } from '../../engine/handler-types.js';
import { itemOfAccessToken } from './access.js';
import { accountOfItem } from './account-of-item.js';
import { microDepositsNotEnabled } from './errors.js';
import { setVerificationStatus } from './queries.js';

/** The sandbox verification handler. */
export const verificationHandlers: HandlerGroup<'sandboxItemSetVerificationStatus'> = {
  async sandboxItemSetVerificationStatus(request, context) {
    await context.store.transaction(async (trx) => {
      const item = await itemOfAccessToken(trx, context.client.client_id, request.access_token);
      const account = await accountOfItem(trx, item.item_id, request.account_id);
      if (account.micro_deposits !== 1) {
        throw microDepositsNotEnabled(account.account_id);
      }
      await setVerificationStatus(trx, account.account_id, request.verification_status);
    });
    return {};
  },
};
