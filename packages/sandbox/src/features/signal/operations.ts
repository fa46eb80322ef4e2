/**
 * Signal: `/signal/evaluate` scores a proposed ACH debit from a checking or savings account and
 * keeps the evaluation under its `client_transaction_id` (evaluating again replaces it);
 * `/signal/return/report` records the ACH return code of an evaluated debit (reporting again
 * replaces it).
 */

import { finishWith, type HandlerGroup, refuseIf } from '../../engine/index.js';
import { transactionHistory } from '../account-data/index.js';
import { accountsOfTokenStatement, isoDate, readableItemWith, theItemsAccount } from '../items/index.js';
import { testUserOf } from '../world/index.js';
import { accountFacts, wholeDaysBetween } from './account-facts.js';
import { signalRefusalError } from './errors.js';
import { evaluationStatement, reportReturn } from './queries.js';
import { amountRefusal, evaluatedAccountRefusal, returnCodeRefusal } from './rules.js';
import { evaluateSignal } from './scores.js';

/** The signal handlers. */
export const signalHandlers: HandlerGroup<'signalEvaluate' | 'signalReturnReport'> = {
  async signalEvaluate(request, context) {
    refuseIf(amountRefusal(request.amount), signalRefusalError);
    const clientId = context.client.client_id;
    return context.store.transaction(async (trx) => {
      // One flight: the token with its Item and the Item's accounts (read by the token).
      const {
        item,
        answers: [accounts],
      } = await readableItemWith(trx, context, request.access_token, 'signal', [
        accountsOfTokenStatement(trx, clientId, request.access_token),
      ]);
      const account = theItemsAccount(
        accounts.rows.find((row) => row.account_id === request.account_id),
        item.item_id,
        request.account_id,
      );
      refuseIf(evaluatedAccountRefusal(account), signalRefusalError);
      const user = testUserOf(item.test_user);
      const history = transactionHistory(item.item_id, accounts.rows, isoDate(item.created_at));
      const facts = accountFacts(history, account.account_id, isoDate(context.now), user);
      const result = evaluateSignal({
        amount: request.amount,
        available: account.available ?? account.current,
        current: account.current,
        subtype: account.subtype,
        userPresent: request.user_present,
        user: request.user,
        device: request.device,
        daysSinceFirstConnection: wholeDaysBetween(item.created_at, context.now),
        nsfOverdraftCount30d: facts.nsfOverdraftCount30d,
        totalCreditAmount30d: facts.totalCreditAmount30d,
      });
      const save = evaluationStatement(trx, {
        client_id: clientId,
        client_transaction_id: request.client_transaction_id,
        item_id: item.item_id,
        account_id: account.account_id,
        amount: request.amount,
        result: JSON.stringify(result),
        evaluated_at: context.now.toISOString(),
        return_code: null,
        returned_at: null,
      });
      await finishWith(trx, () => trx.executeQuery(save));
      return result;
    });
  },

  async signalReturnReport(request, context) {
    refuseIf(returnCodeRefusal(request.return_code), signalRefusalError);
    const reported = await reportReturn(
      context.store.db,
      context.client.client_id,
      request.client_transaction_id,
      request.return_code,
      context.now.toISOString(),
    );
    if (!reported) {
      throw signalRefusalError({
        code: 'CLIENT_TRANSACTION_ID_NOT_FOUND',
        clientTransactionId: request.client_transaction_id,
      });
    }
    return {};
  },
};
