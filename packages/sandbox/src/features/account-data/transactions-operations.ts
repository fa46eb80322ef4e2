/**
 * `/transactions/get` and `/transactions/refresh`. An Item's transactions are stored at their
 * first extraction: for an Item created with the `transactions` product that extraction finished
 * when the Item was created (the history is written at the first read); for any other Item the
 * first `/transactions/refresh` runs it, and reads answer `PRODUCT_NOT_READY` until then. Each
 * later refresh posts the oldest pending transaction and adds a new pending one; the Item's
 * webhook URL (when set) receives `DEFAULT_UPDATE` for new transactions and
 * `TRANSACTIONS_REMOVED` for removed ones, in the same transaction as the change.
 */
import type { CompiledQuery, Kysely, Transaction as Trx } from 'kysely';
import {
  type Database,
  ENVIRONMENT,
  enqueueWebhook,
  finishWith,
  type HandlerContext,
  type HandlerGroup,
  type NewWebhook,
  together,
  twoWays,
  webhookStatement,
} from '../../engine/index.js';
import {
  type AccountRow,
  accountsOfItem,
  accountsOfTokenStatement,
  anchorOf,
  hasInitialProduct,
  isoDate,
  itemError,
  type LiveItem,
  presentAccount,
  presentItem,
  readableItemWith,
  selectAccounts,
} from '../items/index.js';
import { productNotReady } from './errors.js';
import { checkDateRange, type PageRequest, pageRequest } from './paging.js';
import {
  claimExtractionOfTokenStatement,
  countRefreshOfTokenStatement,
  extractionOf,
  extractionOfTokenStatement,
  extractionStatement,
  extractionWithTransactionsStatement,
  insertTransactions,
  insertTransactionsStatement,
  oldestPendingOfTokenStatement,
  type PageQuery,
  pageOfAnswers,
  pageOfTokenStatements,
  pageTransactions,
  removeTransactionsStatement,
  startExtraction,
  transactionsOfRows,
} from './queries.js';
import { oldestPendingOf, refreshChanges, type Transaction, transactionHistory } from './transactions.js';

const PRODUCT = 'transactions';

/**
 * Runs the first extraction of the Item's transactions, found at its creation, unless a
 * concurrent request ran it first.
 */
async function extract(trx: Trx<Database>, item: LiveItem, accounts: readonly AccountRow[]): Promise<void> {
  const foundAt = item.created_at;
  const started = await startExtraction(trx, {
    itemId: item.item_id,
    product: PRODUCT,
    startedAt: foundAt,
    readyAt: foundAt,
  });
  if (started) {
    await insertTransactions(trx, item, transactionHistory(item.item_id, accounts, anchorOf(item)), foundAt);
  }
}

/**
 * The page of the transactions of an Item created with the product, read before their first
 * extraction: the extraction runs first, as of the Item's creation (a concurrent one may win: it
 * runs once). Where statements cost round trips, the extraction and the page go in one: the
 * extraction as one statement (all of it or nothing stands) that stores nothing when it had
 * started, the page after it.
 */
const extractThenPage = twoWays({
  /** The extraction as one statement (all of it or nothing stands), the page after it, in one round trip. */
  async fewStatements(db: Kysely<Database>, read: FirstPageRead) {
    const { item, selection } = read;
    const history = transactionHistory(item.item_id, read.accounts, anchorOf(item));
    const [, counted, rows] = await together(db, [
      extractionWithTransactionsStatement(db, item, PRODUCT, history, item.created_at),
      ...pageOfTokenStatements(db, read.context.client.client_id, read.accessToken, selection.query, selection.page),
    ]);
    return pageOfAnswers(counted, rows);
  },
  async plainStatements(db: Kysely<Database>, read: FirstPageRead) {
    const { item, selection } = read;
    await read.context.store.transaction((trx) => extract(trx, item, read.accounts));
    return pageTransactions(
      db,
      { ...selection.query, itemId: item.item_id, accountIds: selection.accountIds },
      selection.page,
    );
  },
});

/** A read of the first page of an Item's transactions, before their first extraction. */
interface FirstPageRead {
  context: HandlerContext;
  accessToken: string;
  item: LiveItem;
  /** Every account of the Item (the extraction covers them all). */
  accounts: readonly AccountRow[];
  selection: PageSelection;
}

/** Which page of which accounts' transactions a read asks for. */
interface PageSelection {
  query: PageQuery;
  page: PageRequest;
  accountIds: readonly string[];
}

/**
 * Runs the first extraction of an Item created with the product, as of its creation, unless it
 * ran already (a new day of transactions comes after the history).
 */
export async function extractOnce(trx: Trx<Database>, item: LiveItem, accounts: readonly AccountRow[]): Promise<void> {
  if (!(await extractionOf(trx, item.item_id, PRODUCT))) {
    await extract(trx, item, accounts);
  }
}

/**
 * The transaction webhooks of one change (a refresh, a new day) of `item`, sent by
 * `sender.clientId` at `sender.now`, caused by request `sender.requestId` (null: by due work):
 * none when the Item has no webhook URL or nothing changed.
 */
export function transactionWebhooks(
  sender: { clientId: string; now: Date; requestId: string | null },
  item: LiveItem,
  change: { added: number; removed: readonly string[] },
): NewWebhook[] {
  const url = item.webhook;
  if (!url) {
    return [];
  }
  const common = {
    webhook_type: 'TRANSACTIONS',
    item_id: item.item_id,
    error: itemError(item),
    environment: ENVIRONMENT,
  };
  const webhook = (payload: NewWebhook['payload']): NewWebhook => ({
    clientId: sender.clientId,
    itemId: item.item_id,
    url,
    payload,
    now: sender.now,
    requestId: sender.requestId,
  });
  const webhooks: NewWebhook[] = [];
  if (change.added > 0) {
    webhooks.push(webhook({ ...common, webhook_code: 'DEFAULT_UPDATE', new_transactions: change.added }));
  }
  if (change.removed.length > 0) {
    webhooks.push(
      webhook({ ...common, webhook_code: 'TRANSACTIONS_REMOVED', removed_transactions: [...change.removed] }),
    );
  }
  return webhooks;
}

/** Adds the {@link transactionWebhooks} of one change to the outbox in `trx`; whether there were any. */
export async function enqueueTransactionWebhooks(
  trx: Trx<Database>,
  sender: { clientId: string; now: Date; requestId: string | null },
  item: LiveItem,
  change: { added: number; removed: readonly string[] },
): Promise<boolean> {
  const webhooks = transactionWebhooks(sender, item, change);
  for (const webhook of webhooks) {
    await enqueueWebhook(trx, webhook);
  }
  return webhooks.length > 0;
}

/**
 * Adds the insert of `transactions` of `item` found at `addedAt` to `statements` (the writes of a
 * transaction, in order): one more statement where statements cost round trips; elsewhere, where
 * bound parameters are faster, the statements so far are run, then the insert.
 */
const addTransactionsInsert = twoWays({
  /** One more statement to send. */
  async fewStatements(
    trx: Trx<Database>,
    statements: CompiledQuery<unknown>[],
    item: LiveItem,
    transactions: readonly Transaction[],
    addedAt: string,
  ): Promise<void> {
    statements.push(insertTransactionsStatement(trx, item, transactions, addedAt));
  },
  /** The statements so far run, then the insert with bound parameters (faster than JSON rows). */
  async plainStatements(
    trx: Trx<Database>,
    statements: CompiledQuery<unknown>[],
    item: LiveItem,
    transactions: readonly Transaction[],
    addedAt: string,
  ): Promise<void> {
    await together(trx, statements.splice(0));
    await insertTransactions(trx, item, transactions, addedAt);
  },
});

/**
 * The writes of a refresh of `item` (and, when this refresh started the extraction, of the
 * extraction), decided from what the refresh's first flight read: the statements left to send,
 * and the webhooks among them.
 */
async function refreshWrites(
  trx: Trx<Database>,
  context: HandlerContext,
  item: LiveItem,
  accounts: readonly AccountRow[],
  read: {
    started: boolean;
    refresh: number | undefined;
    oldestPending: Transaction | undefined;
  },
): Promise<{ statements: CompiledQuery<unknown>[]; webhooks: NewWebhook[] }> {
  const now = context.now.toISOString();
  const sender = { clientId: context.client.client_id, now: context.now, requestId: context.requestId };
  const statements: CompiledQuery<unknown>[] = [];
  let { refresh, oldestPending } = read;
  if (read.started) {
    const history = transactionHistory(item.item_id, accounts, anchorOf(item));
    if (!hasInitialProduct(item, PRODUCT)) {
      // This refresh is the first extraction: everything it finds is new (and it counts no refresh).
      const webhooks = transactionWebhooks(sender, item, { added: history.length, removed: [] });
      statements.push(extractionStatement(trx, item.item_id, PRODUCT, { startedAt: now, readyAt: now, refreshes: 0 }));
      await addTransactionsInsert(trx, statements, item, history, now);
      statements.push(...webhooks.map((webhook) => webhookStatement(trx, webhook)));
      return { statements, webhooks };
    }
    // The history as of the Item's creation, then this refresh (the first) over it.
    statements.push(
      extractionStatement(trx, item.item_id, PRODUCT, {
        startedAt: item.created_at,
        readyAt: item.created_at,
        refreshes: 1,
      }),
    );
    await addTransactionsInsert(trx, statements, item, history, item.created_at);
    refresh = 1;
    oldestPending = oldestPendingOf(history);
  }
  if (refresh === undefined) {
    throw new Error(`the transactions of Item ${item.item_id} were neither extracted nor started`);
  }
  const changes = refreshChanges({
    itemId: item.item_id,
    refresh,
    today: isoDate(context.now),
    oldestPending,
    accounts,
  });
  if (changes.removed.length > 0) {
    statements.push(removeTransactionsStatement(trx, item.item_id, changes.removed, now));
  }
  if (changes.added.length > 0) {
    await addTransactionsInsert(trx, statements, item, changes.added, now);
  }
  // The removal removes what it names: the row lock of the refresh count (taken before the
  // oldest pending transaction was read) keeps every other refresh of the Item out until commit.
  const webhooks = transactionWebhooks(sender, item, { added: changes.added.length, removed: changes.removed });
  statements.push(...webhooks.map((webhook) => webhookStatement(trx, webhook)));
  return { statements, webhooks };
}

/** The transactions handlers. */
export const transactionHandlers: HandlerGroup<'transactionsGet' | 'transactionsRefresh'> = {
  async transactionsGet(request, context) {
    checkDateRange(request.start_date, request.end_date);
    const db = context.store.db;
    const clientId = context.client.client_id;
    const query: PageQuery = {
      accountIds: request.options?.account_ids,
      startDate: request.start_date,
      endDate: request.end_date,
    };
    const page = pageRequest(request.options);
    // One flight: the token (with the accounts unless kept), the extraction and the page.
    const {
      item,
      answers: [extraction, counted, rows],
    } = await readableItemWith(db, context, request.access_token, PRODUCT, [
      extractionOfTokenStatement(db, clientId, request.access_token, PRODUCT),
      ...pageOfTokenStatements(db, clientId, request.access_token, query, page),
    ]);
    const accounts = await accountsOfItem(db, item);
    const selected = selectAccounts(accounts, request.options?.account_ids);
    let found: { transactions: Transaction[]; total: number };
    if (extraction.rows.length > 0) {
      found = pageOfAnswers(counted, rows);
    } else if (hasInitialProduct(item, PRODUCT)) {
      const accountIds = selected.map((account) => account.account_id);
      found = await extractThenPage(context.store.db, {
        context,
        accessToken: request.access_token,
        item,
        accounts,
        selection: { query, page, accountIds },
      });
    } else {
      throw productNotReady({ product: 'transactions', readyAt: null });
    }
    return {
      accounts: selected.map(presentAccount),
      transactions: found.transactions,
      total_transactions: found.total,
      item: presentItem(item),
    };
  },

  async transactionsRefresh(request, context) {
    const clientId = context.client.client_id;
    const token = request.access_token;
    const enqueued = await context.store.transaction(async (trx) => {
      // Flight 1, with the begin: the token, the accounts, the extraction started unless it was,
      // the refresh counted (its row lock serialises refreshes of the Item), then the oldest
      // pending transaction (read after the lock).
      const {
        item,
        answers: [accountRows, claimed, counted, pending],
      } = await readableItemWith(trx, context, token, PRODUCT, [
        accountsOfTokenStatement(trx, clientId, token),
        claimExtractionOfTokenStatement(trx, clientId, token, PRODUCT, context.now.toISOString()),
        countRefreshOfTokenStatement(trx, clientId, token),
        oldestPendingOfTokenStatement(trx, clientId, token),
      ]);
      const refreshes = counted.rows[0]?.refreshes;
      const { statements, webhooks } = await refreshWrites(trx, context, item, accountRows.rows, {
        started: claimed.rows.length > 0,
        refresh: refreshes === undefined ? undefined : Number(refreshes),
        oldestPending: transactionsOfRows(pending.rows)[0],
      });
      // Flight 2: every write, with the commit.
      if (statements.length > 0) {
        await finishWith(trx, () => together(trx, statements));
      }
      return webhooks.length > 0;
    });
    if (enqueued) {
      context.webhooksCommitted();
    }
    return {};
  },
};
