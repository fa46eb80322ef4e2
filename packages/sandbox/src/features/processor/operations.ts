/**
 * Reads behind a processor token: `/processor/auth/get` (checking and savings accounts only),
 * `/processor/identity/get` and `/processor/balance/get`. The balance read is the sandbox's
 * real-time balance (rule 6): it is read from the store during the call, so it reflects every
 * change committed before it, and it counts as updated at the time of the request, which is what
 * `options.min_last_updated_datetime` is compared with.
 */

import { type HandlerGroup, refuseIf } from '../../engine/index.js';
import { accountNumbers, ownersOf } from '../account-data/index.js';
import { institutionOf, presentAccount, readableProcessorAccount } from '../items/index.js';
import { testUserOf } from '../world/index.js';
import { processorRefusalError } from './errors.js';
import { balanceFreshnessRefusal, processorAuthRefusal } from './rules.js';

/** The processor read handlers. */
export const processorHandlers: HandlerGroup<'processorAuthGet' | 'processorIdentityGet' | 'processorBalanceGet'> = {
  async processorAuthGet(request, context) {
    const { item, account } = await readableProcessorAccount(
      context.store.db,
      context,
      request.processor_token,
      'auth',
    );
    refuseIf(processorAuthRefusal(account), processorRefusalError);
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
    refuseIf(balanceFreshnessRefusal(request.options?.min_last_updated_datetime, context.now), processorRefusalError);
    return { account: presentAccount(account) };
  },
};
