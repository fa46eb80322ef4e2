/**
 * `/sandbox/item/set_verification_status`: sets the micro-deposit verification status of an
 * account of the Item, only for accounts enabled for micro-deposit verification.
 */
import { SandboxError } from '../../engine/errors/sandbox-error.js';
import type { HandlerGroup } from '../../engine/handler-types.js';
import { itemOfAccessToken } from './access.js';
import { accountOfItem } from './account-of-item.js';
import { setVerificationStatus } from './queries.js';

/** The sandbox verification handler. */
export const verificationHandlers: HandlerGroup<'sandboxItemSetVerificationStatus'> = {
  async sandboxItemSetVerificationStatus(request, context) {
    await context.store.transaction(async (trx) => {
      const item = await itemOfAccessToken(trx, context.client.client_id, request.access_token);
      const account = await accountOfItem(trx, item.item_id, request.account_id);
      if (account.micro_deposits !== 1) {
        throw new SandboxError({
          type: 'SANDBOX_ERROR',
          code: 'MICRO_DEPOSITS_NOT_ENABLED',
          message: `account_id ${account.account_id} is not enabled for micro-deposit verification`,
          suggestedAction: 'Use an account of an Item created through the micro-deposit verification flow.',
        });
      }
      await setVerificationStatus(trx, account.account_id, request.verification_status);
    });
    return {};
  },
};
