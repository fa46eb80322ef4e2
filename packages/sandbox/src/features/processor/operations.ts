/**
 * Reads behind a processor token: `/processor/auth/get` (checking and savings accounts only),
 * `/processor/identity/get` and `/processor/balance/get`. The balance read is the sandbox's
 * real-time balance (rule 6): it is read from the store during the call, so it reflects every
 * change committed before it, and it counts as updated at the time of the request, which is what
 * `options.min_last_updated_datetime` is compared with.
 */

import { SandboxError } from '../../engine/errors/sandbox-error.js';
import type { HandlerGroup } from '../../engine/handler-types.js';
import { accountNumbers, ownersOf } from '../account-data/index.js';
import {
  accountNotSupported,
  institutionOf,
  isCheckingOrSavings,
  presentAccount,
  readableProcessorAccount,
} from '../items/index.js';
import { testUserOf } from '../world/index.js';

/** The processor read handlers. */
export const processorHandlers: HandlerGroup<'processorAuthGet' | 'processorIdentityGet' | 'processorBalanceGet'> = {
  async processorAuthGet(request, context) {
    const { item, account } = await readableProcessorAccount(
      context.store.db,
      context,
      request.processor_token,
      'auth',
    );
    if (!isCheckingOrSavings(account)) {
      throw accountNotSupported('the account behind processor_token', account, 'auth covers');
    }
    const institution = await institutionOf(context.store, item);
    return { account: presentAccount(account), numbers: accountNumbers([account], institution) };
  },

  async processorIdentityGet(request, context) {
    const { item, account } = await readableProcessorAccount(
      context.store.db,
      context,
      request.processor_token,
      'identity',
    );
    return { account: { ...presentAccount(account), owners: ownersOf(account, testUserOf(item.test_user)) } };
  },

  async processorBalanceGet(request, context) {
    const { account } = await readableProcessorAccount(context.store.db, context, request.processor_token, 'balance');
    const refreshedAt = context.now.toISOString();
    const minimum = request.options?.min_last_updated_datetime;
    if (minimum !== undefined && Date.parse(minimum) > context.now.getTime()) {
      throw new SandboxError({
        type: 'INSTITUTION_ERROR',
        code: 'LAST_UPDATED_DATETIME_OUT_OF_RANGE',
        message: `the institution last updated this balance at ${refreshedAt}, before options.min_last_updated_datetime ${minimum}`,
        suggestedAction: 'Retry later or accept an older balance by moving options.min_last_updated_datetime back.',
      });
    }
    return { account: presentAccount(account) };
  },
};
