/**
 * `/investments/holdings/get` and `/investments/transactions/get` over the Item's investment
 * accounts. Investment transactions are newest first with ties broken by id (a stable order), and
 * paged by `options.count` / `options.offset` against `total_investment_transactions` (rule 15).
 *
 * An Item created without the `investments` product has no investment data yet: its first call
 * starts the extraction and answers `PRODUCT_NOT_READY`, as does every call during the next
 * {@link INVESTMENTS_EXTRACTION_MS} milliseconds of the sandbox clock.
 */

import type { CompiledQuery, Kysely } from 'kysely';
import { type Database, type HandlerContext, type HandlerGroup, refuseIf, twoWays } from '../../engine/index.js';
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
  readableItemWith,
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
import { extractionOf, extractionOfTokenStatement, startExtraction } from './queries.js';
import { investmentSelectionRefusal, investmentsReadyRefusal } from './rules.js';

/**
 * The read of the extraction sent with the token's: where statements cost round trips it comes
 * along (one round trip); elsewhere it is read only when the Item needs it.
 */
const extractionWithToken = twoWays({
  fewStatements: (db: Kysely<Database>, clientId: string, accessToken: string) => [
    extractionOfTokenStatement(db, clientId, accessToken, PRODUCT),
  ],
  plainStatements: (): CompiledQuery[] => [],
});

/** How long the first extraction of investment data takes (sandbox clock). */
export const INVESTMENTS_EXTRACTION_MS = 10_000;

const PRODUCT = 'investments';

/**
 * The Item of `accessToken` and its selected investment accounts (`NO_INVESTMENT_ACCOUNTS` when
 * there are none), once its investment data has been extracted (`PRODUCT_NOT_READY` before).
 */
async function investmentAccounts(
  context: HandlerContext,
  accessToken: string,
  accountIds: readonly string[] | undefined,
): Promise<{ item: LiveItem; accounts: AccountRow[] }> {
  const db = context.store.db;
  const withToken = extractionWithToken(db, context.client.client_id, accessToken);
  const {
    item,
    answers: [extraction],
  } = await readableItemWith(db, context, accessToken, PRODUCT, withToken);
  const selected = selectAccounts(await accountsOfItem(db, item), accountIds).filter(isInvestmentAccount);
  refuseIf(investmentSelectionRefusal(selected.length, accountIds !== undefined), accountDataRefusalError);
  if (!hasInitialProduct(item, PRODUCT)) {
    const found = extraction ? extraction.rows[0] : await extractionOf(db, item.item_id, PRODUCT);
    const readyAt = found ? found.ready_at : await startInvestmentsExtraction(context, item);
    refuseIf(investmentsReadyRefusal(readyAt, context.now.toISOString()), accountDataRefusalError);
  }
  return { item, accounts: selected };
}

/** Starts the extraction of the Item's investment data now; when it is ready (a concurrent request's if it started first). */
async function startInvestmentsExtraction(context: HandlerContext, item: LiveItem): Promise<string | null> {
  const db = context.store.db;
  const readyAt = new Date(context.now.getTime() + INVESTMENTS_EXTRACTION_MS).toISOString();
  const started = await startExtraction(db, {
    itemId: item.item_id,
    product: PRODUCT,
    startedAt: context.now.toISOString(),
    readyAt,
  });
  return started ? readyAt : ((await extractionOf(db, item.item_id, PRODUCT))?.ready_at ?? null);
}

/** The investments handlers. */
export const investmentHandlers: HandlerGroup<'investmentsHoldingsGet' | 'investmentsTransactionsGet'> = {
  async investmentsHoldingsGet(request, context) {
    const { item, accounts } = await investmentAccounts(context, request.access_token, request.options?.account_ids);
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
    const { item, accounts } = await investmentAccounts(context, request.access_token, request.options?.account_ids);
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
