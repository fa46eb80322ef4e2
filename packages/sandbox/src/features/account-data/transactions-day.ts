/**
 * An Item's new day of transactions, performed when the day begins on its client's test clock
 * (due work of kind `transactions_day`, scheduled with the Item): the first extraction if it has
 * not run yet, then the day's transactions, a `DEFAULT_UPDATE` webhook with their number when
 * there are any and the Item has a webhook URL, and the next day scheduled. A removed Item gets
 * no more days; an Item whose login was reset gets none while it is (its days keep coming).
 */
import type { DuePerformer } from '../../engine/index.js';
import {
  accountsOfItem,
  anchorOf,
  isoDate,
  itemError,
  scheduleNextTransactionsDay,
  TRANSACTIONS_DAY,
} from '../items/index.js';
import { insertTransactions } from './queries.js';
import { dayTransactions } from './transactions.js';
import { enqueueTransactionWebhooks, extractOnce } from './transactions-operations.js';

/** Performs an Item's new day of transactions. */
export const transactionsDayPerformer: DuePerformer = {
  kind: TRANSACTIONS_DAY,
  async perform(trx, work) {
    const item = await trx
      .selectFrom('items')
      .selectAll()
      .where('item_id', '=', work.subject)
      .where('client_id', '=', work.clientId)
      .executeTakeFirst();
    if (!item || item.removed_at !== null) {
      return false;
    }
    await scheduleNextTransactionsDay(trx, {
      clientId: work.clientId,
      itemId: item.item_id,
      after: work.dueAt,
      now: work.dueAt,
    });
    if (itemError(item) !== null) {
      // The day began (and the next one is scheduled); a broken login adds no transactions.
      return true;
    }
    const accounts = await accountsOfItem(trx, item.item_id);
    await extractOnce(trx, item, accounts);
    const added = dayTransactions(item.item_id, accounts, anchorOf(item), isoDate(work.dueAt));
    await insertTransactions(trx, item, added, work.dueAt.toISOString());
    await enqueueTransactionWebhooks(trx, { clientId: work.clientId, now: work.dueAt, requestId: null }, item, {
      added: added.length,
      removed: [],
    });
    return true;
  },
};
