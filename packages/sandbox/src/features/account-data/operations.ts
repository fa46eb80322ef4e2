/**
 * Account data of an Item: `/auth/get` (numbers of checking and savings accounts that existed
 * when the Item was created, rule 1), `/identity/get` (owners) and `/liabilities/get` (credit
 * cards, PayPal, student loans and mortgages, rule 2). The data is generated from the Item's test
 * user and derived from its ids, so it is the same on every call.
 */

import { type HandlerGroup, refuseIf } from '../../engine/index.js';
import {
  accountsOfItem,
  anchorOf,
  checkInstitutionOffers,
  institutionOf,
  isAuthAccount,
  isLiabilityAccount,
  presentAccount,
  presentItem,
  readableItem,
  selectAccounts,
} from '../items/index.js';
import { testUserOf } from '../world/index.js';
import { accountDataRefusalError } from './errors.js';
import { liabilitiesOf } from './liabilities.js';
import { accountNumbers } from './numbers.js';
import { ownersOf } from './owners.js';
import { authCoverageRefusal, liabilityCoverageRefusal } from './rules.js';

/** The auth, identity and liabilities handlers. */
export const accountDataHandlers: HandlerGroup<'authGet' | 'identityGet' | 'liabilitiesGet'> = {
  async authGet(request, context) {
    const db = context.store.db;
    const item = await readableItem(db, context, request.access_token, 'auth');
    const accounts = await accountsOfItem(db, item);
    const selected = selectAccounts(accounts, request.options?.account_ids);
    refuseIf(authCoverageRefusal(accounts, item.created_at), accountDataRefusalError);
    const covered = selected.filter((account) => isAuthAccount(account, item.created_at));
    const institution = await institutionOf(context.store, item);
    return {
      accounts: covered.map(presentAccount),
      numbers: accountNumbers(covered, institution),
      item: presentItem(item),
    };
  },

  async identityGet(request, context) {
    const db = context.store.db;
    const item = await readableItem(db, context, request.access_token, 'identity');
    checkInstitutionOffers(await institutionOf(context.store, item), 'identity');
    const selected = selectAccounts(await accountsOfItem(db, item), request.options?.account_ids);
    const user = testUserOf(item.test_user);
    return {
      accounts: selected.map((account) => ({ ...presentAccount(account), owners: ownersOf(account, user) })),
      item: presentItem(item),
    };
  },

  async liabilitiesGet(request, context) {
    const db = context.store.db;
    const item = await readableItem(db, context, request.access_token, 'liabilities');
    checkInstitutionOffers(await institutionOf(context.store, item), 'liabilities');
    const accounts = await accountsOfItem(db, item);
    const selected = selectAccounts(accounts, request.options?.account_ids);
    refuseIf(liabilityCoverageRefusal(accounts), accountDataRefusalError);
    const covered = selected.filter(isLiabilityAccount);
    return {
      accounts: covered.map(presentAccount),
      item: presentItem(item),
      liabilities: liabilitiesOf(covered, anchorOf(item)),
    };
  },
};
