/**
 * Tokens for integration partners: `/processor/token/create` (any of the sandbox's 22 partners,
 * `processor-sandbox-<identifier>`, rule 7), partner A's processor token and partner B's bank
 * account token (`bank-account-sandbox-<identifier>`), both for checking or savings accounts
 * only. Every token is tied to the Item, not to the access token: it stops working when the Item
 * is removed, and survives a rotation of the access token.
 */
import type { Transaction } from 'kysely';
import {
  type Database,
  finishWith,
  type HandlerContext,
  type HandlerGroup,
  newProcessorToken,
  refuseIf,
} from '../../engine/index.js';
import { type AccountRow, accountTokenStatement, itemAndAccount, type LiveItem } from '../items/index.js';
import { processorRefusalError } from './errors.js';
import { newPartnerBToken, PARTNER_B_TOKEN_KIND } from './partners.js';
import { partnerTokenRefusal, processorRefusal } from './rules.js';

/**
 * Stores `token` of `kind` for `account` of `item` as the transaction's last statement, sent with
 * the commit (the second and last round trip); returns `token`.
 */
async function finishIssuing(
  trx: Transaction<Database>,
  context: HandlerContext,
  issued: { token: string; kind: string; item: LiveItem; account: AccountRow },
): Promise<string> {
  const statement = accountTokenStatement(trx, {
    token: issued.token,
    kind: issued.kind,
    clientId: context.client.client_id,
    itemId: issued.item.item_id,
    accountId: issued.account.account_id,
    now: context.now,
  });
  await finishWith(trx, () => trx.executeQuery(statement));
  return issued.token;
}

/** The partner token handlers. */
export const processorTokenHandlers: HandlerGroup<
  'processorTokenCreate' | 'processorPartnerAProcessorTokenCreate' | 'processorPartnerBBankAccountTokenCreate'
> = {
  async processorTokenCreate(request, context) {
    return context.store.transaction(async (trx) => {
      const { item, account } = await itemAndAccount(
        trx,
        context.client.client_id,
        request.access_token,
        request.account_id,
      );
      refuseIf(processorRefusal(request.processor), processorRefusalError);
      const token = await finishIssuing(trx, context, { token: newProcessorToken(), kind: 'processor', item, account });
      return { processor_token: token };
    });
  },

  async processorPartnerAProcessorTokenCreate(request, context) {
    return context.store.transaction(async (trx) => {
      const { item, account } = await itemAndAccount(
        trx,
        context.client.client_id,
        request.access_token,
        request.account_id,
      );
      refuseIf(partnerTokenRefusal(account, 'partner A processor tokens'), processorRefusalError);
      const token = await finishIssuing(trx, context, { token: newProcessorToken(), kind: 'processor', item, account });
      return { processor_token: token };
    });
  },

  async processorPartnerBBankAccountTokenCreate(request, context) {
    return context.store.transaction(async (trx) => {
      const { item, account } = await itemAndAccount(
        trx,
        context.client.client_id,
        request.access_token,
        request.account_id,
      );
      refuseIf(partnerTokenRefusal(account, 'partner B bank account tokens'), processorRefusalError);
      const token = await finishIssuing(trx, context, {
        token: newPartnerBToken(),
        kind: PARTNER_B_TOKEN_KIND,
        item,
        account,
      });
      return { partner_b_bank_account_token: token };
    });
  },
};
