/**
 * `/sandbox/item/set_verification_status`: sets the micro-deposit verification status of an
 * account of the Item (one with micro-deposits). On PostgreSQL two round trips: the token and the
 * account read together, then the update sent with the commit.
 */
import type { HandlerGroup } from '../../engine/handler-types.js';
import { finishWith } from '../../engine/store/finishing-statement.js';
import { together } from '../../engine/store/together.js';
import { accountByIdStatement, liveItemOf, liveTokenOf, liveTokenStatement } from './access.js';
import { theItemsAccount } from './account-of-item.js';
import { microDepositsNotEnabled } from './errors.js';
import { verificationStatusStatement } from './queries.js';

/** The verification handlers. */
export const verificationHandlers: HandlerGroup<'sandboxItemSetVerificationStatus'> = {
  async sandboxItemSetVerificationStatus(request, context) {
    await context.store.transaction(async (trx) => {
      const [token, named] = await together(trx, [
        liveTokenStatement(trx, context.client.client_id, request.access_token, 'access'),
        accountByIdStatement(trx, request.account_id),
      ]);
      const item = liveItemOf(liveTokenOf(token.rows[0]));
      const account = theItemsAccount(named.rows[0], item.item_id, request.account_id);
      if (account.micro_deposits !== 1) {
        throw microDepositsNotEnabled(account.account_id);
      }
      const update = verificationStatusStatement(trx, account.account_id, request.verification_status);
      await finishWith(trx, () => trx.executeQuery(update));
    });
    return {};
  },
};
