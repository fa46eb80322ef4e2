/**
 * `/transactions/get` and `/transactions/refresh`. An Item's transactions are stored at their
 * first extraction: for an Item created with the `transactions` product that extraction finished
 * when the Item was created (the history is written at the first read); for any other Item the
 * first `/transactions/refresh` runs it, and reads answer `PRODUCT_NOT_READY` until then. Each
 * later refresh posts the oldest pending transaction and adds a new pending one; the Item's
 * webhook URL (when set) receives `DEFAULT_UPDATE` for new transactions and
 * `TRANSACTIONS_REMOVED` for removed ones, in the same transaction as the change.
 */
import type { Transaction as Trx } from 'kysely';
import type { HandlerContext, HandlerGroup } from '../../engine/handler-types.js';
import { ENVIRONMENT } from '../../engine/ids.js';
import type { Database } from '../../engine/store/database.js';
import { enqueueWebhook } from '../../engine/webhooks/outbox.js';
import {
  type AccountRow,
  accountsOfItem,
  anchorOf,
  hasInitialProduct,
  isoDate,
  itemError,
  type LiveItem,
  presentAccount,
  presentItem,
  readableItem,
  selectAccounts,
} from '../items/index.js';
import { productNotReady } from './errors.js';
import { checkDateRange, pageRequest } from './paging.js';
import {
  countRefresh,
  extractionOf,
  insertTransactions,
  oldestPendingTransaction,
  pageTransactions,
  removeTransactions,
  startExtraction,
} from './queries.js';
import { refreshChanges, transactionHistory } from './transactions.js';

const PRODUCT = 'transactions';

/**
 * Runs the first extraction of the Item's transactions, found at `foundAt`; returns how many
 * transactions it stored, or undefined when a concurrent request ran it first.
 */
async function extract(
  trx: Trx<Database>,
  item: LiveItem,
  accounts: readonly AccountRow[],
  foundAt: string,
): Promise<number | undefined> {
  const started = await startExtraction(trx, {
    itemId: item.item_id,
    product: PRODUCT,
    startedAt: foundAt,
    readyAt: foundAt,
  });
  if (!started) {
    return undefined;
  }
  const history = transactionHistory(item.item_id, accounts, anchorOf(item));
  await insertTransactions(trx, item, history, foundAt);
  return history.length;
}

/** Whether the Item's transactions can be read; writes the history of an Item created with the product on its first read. */
async function transactionsReady(context: HandlerContext, item: LiveItem, accounts: readonly AccountRow[]) {
  if (await extractionOf(context.store.db, item.item_id, PRODUCT)) {
    return true;
  }
  if (!hasInitialProduct(item, PRODUCT)) {
    return false;
  }
  await context.store.transaction((trx) => extract(trx, item, accounts, item.created_at));
  return true;
}

/**
 * Runs the first extraction of an Item created with the product, as of its creation, unless it
 * ran already (a new day of transactions comes after the history).
 */
export async function extractOnce(trx: Trx<Database>, item: LiveItem, accounts: readonly AccountRow[]): Promise<void> {
  if (!(await extractionOf(trx, item.item_id, PRODUCT))) {
    await extract(trx, item, accounts, item.created_at);
  }
}

/**
 * The transaction webhooks of one change (a refresh, a new day), sent by `sender.clientId` at
 * `sender.now`, caused by request `sender.requestId` (null: by due work).
 */
export async function enqueueTransactionWebhooks(
  trx: Trx<Database>,
  sender: { clientId: string; now: Date; requestId: string | null },
  item: LiveItem,
  change: { added: number; removed: readonly string[] },
): Promise<boolean> {
  if (!item.webhook || (change.added === 0 && change.removed.length === 0)) {
    return false;
  }
  const common = {
    webhook_type: 'TRANSACTIONS',
    item_id: item.item_id,
    error: itemError(item),
    environment: ENVIRONMENT,
  };
  const send = (payload: { webhook_code: string } & Record<string, unknown>) =>
    enqueueWebhook(trx, {
      clientId: sender.clientId,
      itemId: item.item_id,
      url: item.webhook as string,
      payload,
      now: sender.now,
      requestId: sender.requestId,
    });
  if (change.added > 0) {
    await send({ ...common, webhook_code: 'DEFAULT_UPDATE', new_transactions: change.added });
  }
  if (change.removed.length > 0) {
    await send({ ...common, webhook_code: 'TRANSACTIONS_REMOVED', removed_transactions: [...change.removed] });
  }
  return true;
}

/** The transactions handlers. */
export const transactionHandlers: HandlerGroup<'transactionsGet' | 'transactionsRefresh'> = {
  async transactionsGet(request, context) {
    checkDateRange(request.start_date, request.end_date);
    const db = context.store.db;
    const item = await readableItem(db, context, request.access_token, PRODUCT);
    const accounts = await accountsOfItem(db, item);
    const selected = selectAccounts(accounts, request.options?.account_ids);
    if (!(await transactionsReady(context, item, accounts))) {
      throw productNotReady({ product: 'transactions', readyAt: null });
    }
    const { transactions, total } = await pageTransactions(
      db,
      {
        itemId: item.item_id,
        accountIds: selected.map((account) => account.account_id),
        startDate: request.start_date,
        endDate: request.end_date,
      },
      pageRequest(request.options),
    );
    return {
      accounts: selected.map(presentAccount),
      transactions,
      total_transactions: total,
      item: presentItem(item),
    };
  },

  async transactionsRefresh(request, context) {
    const now = context.now.toISOString();
    const sender = { clientId: context.client.client_id, now: context.now, requestId: context.requestId };
    const enqueued = await context.store.transaction(async (trx) => {
      const item = await readableItem(trx, context, request.access_token, PRODUCT);
      const accounts = await accountsOfItem(trx, item);
      if (!(await extractionOf(trx, item.item_id, PRODUCT))) {
        if (hasInitialProduct(item, PRODUCT)) {
          await extract(trx, item, accounts, item.created_at);
        } else {
          // This refresh is the first extraction: everything it finds is new.
          const found = await extract(trx, item, accounts, now);
          if (found !== undefined) {
            return enqueueTransactionWebhooks(trx, sender, item, { added: found, removed: [] });
          }
        }
      }
      const changes = refreshChanges({
        itemId: item.item_id,
        refresh: await countRefresh(trx, item.item_id),
        today: isoDate(context.now),
        oldestPending: await oldestPendingTransaction(trx, item.item_id),
        accounts,
      });
      const removed = await removeTransactions(trx, item.item_id, changes.removed, now);
      await insertTransactions(trx, item, changes.added, now);
      return enqueueTransactionWebhooks(trx, sender, item, { added: changes.added.length, removed });
    });
    if (enqueued) {
      context.webhooksCommitted();
    }
    return {};
  },
};
