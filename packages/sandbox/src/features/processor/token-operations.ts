/**
 * Tokens for integration partners: `/processor/token/create` (any of the sandbox's 22 partners,
 * `processor-sandbox-<identifier>`, rule 7), partner A's processor token and partner B's bank
 * account token (`bank-account-sandbox-<identifier>`), both for checking or savings accounts
 * only. Every token is tied to the Item, not to the access token: it stops working when the Item
 * is removed, and survives a rotation of the access token.
 */
import type { Transaction } from 'kysely';
import { refuseIf } from '../../engine/errors/refusal.js';
import type { HandlerContext, HandlerGroup } from '../../engine/handler-types.js';
import type { Database } from '../../engine/store/database.js';
import {
  type AccountRow,
  issueProcessorToken,
  accountOfItem as itemAccount,
  itemOfAccessToken,
  type LiveItem,
} from '../items/index.js';
import { processorRefusalError } from './errors.js';
import { newPartnerBToken, PARTNER_B_TOKEN_KIND } from './partners.js';
import { issueAccountToken } from './queries.js';
import { partnerTokenRefusal, processorRefusal } from './rules.js';

/** The Item of `accessToken` and its account `accountId` (`INVALID_ACCOUNT_ID` when it is not one of the Item's). */
async function accountOfItem(
  trx: Transaction<Database>,
  context: HandlerContext,
  accessToken: string,
  accountId: string,
): Promise<{ item: LiveItem; account: AccountRow }> {
  const item = await itemOfAccessToken(trx, context.client.client_id, accessToken);
  return { item, account: await itemAccount(trx, item.item_id, accountId) };
}

/** The partner token handlers. */
export const processorTokenHandlers: HandlerGroup<
  'processorTokenCreate' | 'processorPartnerAProcessorTokenCreate' | 'processorPartnerBBankAccountTokenCreate'
> = {
  async processorTokenCreate(request, context) {
    return context.store.transaction(async (trx) => {
      const { item, account } = await accountOfItem(trx, context, request.access_token, request.account_id);
      refuseIf(processorRefusal(request.processor), processorRefusalError);
      const token = await issueProcessorToken(
        trx,
        context.client.client_id,
        item.item_id,
        account.account_id,
        context.now,
      );
      return { processor_token: token };
    });
  },

  async processorPartnerAProcessorTokenCreate(request, context) {
    return context.store.transaction(async (trx) => {
      const { item, account } = await accountOfItem(trx, context, request.access_token, request.account_id);
      refuseIf(partnerTokenRefusal(account, 'partner A processor tokens'), processorRefusalError);
      const token = await issueProcessorToken(
        trx,
        context.client.client_id,
        item.item_id,
        account.account_id,
        context.now,
      );
      return { processor_token: token };
    });
  },

  async processorPartnerBBankAccountTokenCreate(request, context) {
    return context.store.transaction(async (trx) => {
      const { item, account } = await accountOfItem(trx, context, request.access_token, request.account_id);
      refuseIf(partnerTokenRefusal(account, 'partner B bank account tokens'), processorRefusalError);
      const token = await issueAccountToken(trx, {
        token: newPartnerBToken(),
        kind: PARTNER_B_TOKEN_KIND,
        clientId: context.client.client_id,
        itemId: item.item_id,
        accountId: account.account_id,
        now: context.now,
      });
      return { partner_b_bank_account_token: token };
    });
  },
};
