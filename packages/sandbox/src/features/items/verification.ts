/**
 * `/sandbox/item/set_verification_status`: sets the micro-deposit verification status of an
 * account of the Item (one with micro-deposits). On PostgreSQL two round trips: the token and the
 * account read together, then the update sent with the commit.
 */
import { finishWith, type HandlerGroup } from '../../engine/index.js';
import { itemAndAccount } from './account-of-item.js';
import { microDepositsNotEnabled } from './errors.js';
import { verificationStatusStatement } from './queries.js';

/** The verification handlers. */
export const verificationHandlers: HandlerGroup<'sandboxItemSetVerificationStatus'> = {
  async sandboxItemSetVerificationStatus(request, context) {
    await context.store.transaction(async (trx) => {
      const { account } = await itemAndAccount(trx, context.client.client_id, request.access_token, request.account_id);
      if (account.micro_deposits !== 1) {
        throw microDepositsNotEnabled(account.account_id);
      }
      const update = verificationStatusStatement(trx, account.account_id, request.verification_status);
      await finishWith(trx, () => trx.executeQuery(update));
    });
    return {};
  },
};
