/**
 * Tokens for integration partners: `/processor/token/create` (any of the sandbox's 22 partners,
 * `processor-sandbox-<identifier>`, rule 7), partner A's processor token and partner B's bank
 * account token (`bank-account-sandbox-<identifier>`), both for checking or savings accounts
 * only. Every token is tied to the Item, not to the access token: it stops working when the Item
 * is removed, and survives a rotation of the access token.
 */
import type { Transaction } from 'kysely';
import { invalidInput } from '../../engine/errors/sandbox-error.js';
import type { HandlerContext, HandlerGroup } from '../../engine/handler-types.js';
import type { Database } from '../../engine/store/database.js';
import {
  type AccountRow,
  accountNotSupported,
  isCheckingOrSavings,
  issueProcessorToken,
  accountOfItem as itemAccount,
  itemOfAccessToken,
  type LiveItem,
} from '../items/index.js';
import { isSandboxProcessor, newPartnerBToken, PARTNER_B_TOKEN_KIND } from './partners.js';
import { issueAccountToken } from './queries.js';

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

/** Refuses an account that is not a checking or savings account, naming the partner's token. */
function checkCheckingOrSavings(account: AccountRow, tokenName: string): void {
  if (!isCheckingOrSavings(account)) {
    throw accountNotSupported(`account_id ${account.account_id}`, account, `${tokenName} are issued for`);
  }
}

/** The partner token handlers. */
export const processorTokenHandlers: HandlerGroup<
  'processorTokenCreate' | 'processorPartnerAProcessorTokenCreate' | 'processorPartnerBBankAccountTokenCreate'
> = {
  async processorTokenCreate(request, context) {
    return context.store.transaction(async (trx) => {
      const { item, account } = await accountOfItem(trx, context, request.access_token, request.account_id);
      if (!isSandboxProcessor(request.processor)) {
        throw invalidInput(
          'INVALID_PROCESSOR',
          `processor ${request.processor} is not a supported integration partner`,
          "Check the spelling of the partner identifier in the partner's integration guide; the sandbox README lists the identifiers the sandbox accepts.",
        );
      }
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
      checkCheckingOrSavings(account, 'partner A processor tokens');
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
      checkCheckingOrSavings(account, 'partner B bank account tokens');
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
