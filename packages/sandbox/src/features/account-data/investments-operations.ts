/**
 * `/investments/holdings/get` and `/investments/transactions/get` over the Item's investment
 * accounts. Investment transactions are newest first with ties broken by id (a stable order), and
 * paged by `options.count` / `options.offset` against `total_investment_transactions` (rule 15).
 *
 * An Item created without the `investments` product has no investment data yet: its first call
 * starts the extraction and answers `PRODUCT_NOT_READY`, as does every call during the next
 * {@link INVESTMENTS_EXTRACTION_MS} milliseconds of the sandbox clock.
 */

import { refuseIf } from '../../engine/errors/refusal.js';
import type { HandlerContext, HandlerGroup } from '../../engine/handler-types.js';
import {
  type AccountRow,
  accountsOfItem,
  addDays,
  anchorOf,
  hasInitialProduct,
  isInvestmentAccount,
  type LiveItem,
  presentAccount,
  presentItem,
  readableItem,
  selectAccounts,
} from '../items/index.js';
import { accountDataRefusalError } from './errors.js';
import {
  compareNewestFirst,
  holdingsOf,
  investmentTransactionsOf,
  securities,
  securitiesReferenced,
} from './investments.js';
import { checkDateRange, pageOf, pageRequest } from './paging.js';
import { extractionOf, startExtraction } from './queries.js';
import { investmentSelectionRefusal, investmentsReadyRefusal } from './rules.js';

/** How long the first extraction of investment data takes (sandbox clock). */
export const INVESTMENTS_EXTRACTION_MS = 10_000;

/**
 * The selected investment accounts of the Item (`NO_INVESTMENT_ACCOUNTS` when there are none),
 * once its investment data has been extracted (`PRODUCT_NOT_READY` before).
 */
async function investmentAccounts(
  context: HandlerContext,
  item: LiveItem,
  accountIds: readonly string[] | undefined,
): Promise<AccountRow[]> {
  const db = context.store.db;
  const selected = selectAccounts(await accountsOfItem(db, item), accountIds).filter(isInvestmentAccount);
  refuseIf(investmentSelectionRefusal(selected.length, accountIds !== undefined), accountDataRefusalError);
  if (!hasInitialProduct(item, 'investments')) {
    const now = context.now.toISOString();
    let extraction = await extractionOf(db, item.item_id, 'investments');
    if (!extraction) {
      const readyAt = new Date(context.now.getTime() + INVESTMENTS_EXTRACTION_MS).toISOString();
      await startExtraction(db, { itemId: item.item_id, product: 'investments', startedAt: now, readyAt });
      extraction = await extractionOf(db, item.item_id, 'investments');
    }
    refuseIf(investmentsReadyRefusal(extraction?.ready_at ?? null, now), accountDataRefusalError);
  }
  return selected;
}

/** The investments handlers. */
export const investmentHandlers: HandlerGroup<'investmentsHoldingsGet' | 'investmentsTransactionsGet'> = {
  async investmentsHoldingsGet(request, context) {
    const item = await readableItem(context.store.db, context, request.access_token, 'investments');
    const accounts = await investmentAccounts(context, item, request.options?.account_ids);
    const anchor = anchorOf(item);
    return {
      accounts: accounts.map(presentAccount),
      holdings: accounts.flatMap((account) => holdingsOf(account.account_id, anchor)),
      securities: securities(addDays(anchor, -1)),
      item: presentItem(item),
    };
  },

  async investmentsTransactionsGet(request, context) {
    checkDateRange(request.start_date, request.end_date);
    const item = await readableItem(context.store.db, context, request.access_token, 'investments');
    const accounts = await investmentAccounts(context, item, request.options?.account_ids);
    const anchor = anchorOf(item);
    const matching = accounts
      .flatMap((account) => investmentTransactionsOf(item.item_id, account.account_id, anchor))
      .filter((transaction) => transaction.date >= request.start_date && transaction.date <= request.end_date)
      .sort(compareNewestFirst);
    const { items, total } = pageOf(matching, pageRequest(request.options));
    return {
      accounts: accounts.map(presentAccount),
      investment_transactions: items,
      securities: securitiesReferenced(
        items.map((transaction) => transaction.security_id),
        addDays(anchor, -1),
      ),
      total_investment_transactions: total,
      item: presentItem(item),
    };
  },
};
