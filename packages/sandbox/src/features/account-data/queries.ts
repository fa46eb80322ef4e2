/**
 * SQL of account data: the state of a product's first extraction and an Item's stored
 * transactions. Every function runs inside the caller's transaction.
 */
import type { CompiledQuery, Kysely, Selectable, Transaction as Trx } from 'kysely';
import type { Database } from '../../engine/store/database.js';
import type { ProductExtractionsTable, TransactionsTable } from './tables.js';
import type { Transaction } from './transactions.js';

type Db = Kysely<Database> | Trx<Database>;

/** A stored extraction. */
export type ExtractionRow = Selectable<ProductExtractionsTable>;

/** Rows per INSERT statement (keeps every statement far below SQLite's bound-parameter limit). */
const INSERT_CHUNK = 100;

/** The extraction of `product` of an Item, if it started. */
export async function extractionOf(db: Db, itemId: string, product: string): Promise<ExtractionRow | undefined> {
  return db
    .selectFrom('product_extractions')
    .selectAll()
    .where('item_id', '=', itemId)
    .where('product', '=', product)
    .executeTakeFirst();
}

/**
 * Records the start of an extraction; returns false when it had already started (a concurrent
 * request's insert wins; on PostgreSQL the loser waits for it to commit).
 */
export async function startExtraction(
  db: Db,
  extraction: { itemId: string; product: string; startedAt: string; readyAt: string },
): Promise<boolean> {
  const result = await db
    .insertInto('product_extractions')
    .values({
      item_id: extraction.itemId,
      product: extraction.product,
      started_at: extraction.startedAt,
      ready_at: extraction.readyAt,
      refreshes: 0,
    })
    .onConflict((conflict) => conflict.columns(['item_id', 'product']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/**
 * Counts one more refresh of the Item's transactions and returns its number (1 for the first).
 * The row lock serialises concurrent refreshes of one Item on PostgreSQL.
 */
export async function countRefresh(db: Db, itemId: string): Promise<number> {
  const row = await db
    .updateTable('product_extractions')
    .set((eb) => ({ refreshes: eb('refreshes', '+', 1) }))
    .where('item_id', '=', itemId)
    .where('product', '=', 'transactions')
    .returning('refreshes')
    .executeTakeFirstOrThrow();
  return Number(row.refreshes);
}

/** Stores `transactions` of an Item, found at `addedAt`, numbered from the Item's next position on. */
export async function insertTransactions(
  db: Db,
  item: { item_id: string; client_id: string },
  transactions: readonly Transaction[],
  addedAt: string,
): Promise<void> {
  const last = await db
    .selectFrom('transactions')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('item_id', '=', item.item_id)
    .executeTakeFirst();
  const first = Number(last?.seq ?? 0) + 1;
  const rows = transactions.map((transaction, index) => toRow(transaction, item, first + index, addedAt));
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db
      .insertInto('transactions')
      .values(rows.slice(start, start + INSERT_CHUNK))
      .execute();
  }
}

/** Marks transactions removed at `at`; returns the ids this call removed. */
export async function removeTransactions(
  db: Db,
  itemId: string,
  ids: readonly string[],
  at: string,
): Promise<string[]> {
  if (ids.length === 0) {
    return [];
  }
  const rows = await db
    .updateTable('transactions')
    .set({ removed_at: at })
    .where('item_id', '=', itemId)
    .where('transaction_id', 'in', [...ids])
    .where('removed_at', 'is', null)
    .returning('transaction_id')
    .execute();
  return rows.map((row) => row.transaction_id);
}

/** The Item's oldest pending transaction still present (earliest date, then earliest found). */
export async function oldestPendingTransaction(db: Db, itemId: string): Promise<Transaction | undefined> {
  const row = await db
    .selectFrom('transactions')
    .selectAll()
    .where('item_id', '=', itemId)
    .where('pending', '=', 1)
    .where('removed_at', 'is', null)
    .orderBy('date', 'asc')
    .orderBy('seq', 'asc')
    .limit(1)
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** A query of the Item's present transactions of `accountIds` dated `start`..`end` (inclusive). */
export interface TransactionQuery {
  itemId: string;
  accountIds: readonly string[];
  startDate: string;
  endDate: string;
}

/**
 * One page of the transactions matching `query`, newest date first and, within a date, the
 * latest found first (a stable order: pages never overlap), with the number matching in all.
 */
export async function pageTransactions(
  db: Db,
  query: TransactionQuery,
  page: { count: number; offset: number },
): Promise<{ transactions: Transaction[]; total: number }> {
  if (query.accountIds.length === 0) {
    return { transactions: [], total: 0 };
  }
  const matching = db
    .selectFrom('transactions')
    .where('item_id', '=', query.itemId)
    .where('removed_at', 'is', null)
    .where('account_id', 'in', [...query.accountIds])
    .where('date', '>=', query.startDate)
    .where('date', '<=', query.endDate);
  const counted = await matching.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst();
  const rows = await matching
    .selectAll()
    .orderBy('date', 'desc')
    .orderBy('seq', 'desc')
    .limit(page.count)
    .offset(page.offset)
    .execute();
  return { transactions: rows.map(fromRow), total: Number(counted?.total ?? 0) };
}

/**
 * The statement reading the extraction of `product` of the Item of access token `token` of
 * `clientId`, to send together with the token lookup (`together.ts`); its row, if any, is the
 * extraction (whether the token is live is the token lookup's business).
 */
export function extractionOfTokenStatement(
  db: Db,
  clientId: string,
  token: string,
  product: string,
): CompiledQuery<ExtractionRow> {
  return db
    .selectFrom('product_extractions')
    .innerJoin('tokens', 'tokens.item_id', 'product_extractions.item_id')
    .selectAll('product_extractions')
    .where('tokens.token', '=', token)
    .where('tokens.kind', '=', 'access')
    .where('tokens.client_id', '=', clientId)
    .where('product_extractions.product', '=', product)
    .compile();
}

/**
 * The statement reading every present stored transaction of the Item of access token `token` of
 * `clientId`, oldest first (date, then the order found: the reverse of a page's order), to send
 * together with the token lookup; {@link transactionsOfRows} reads its rows.
 */
export function storedTransactionsOfTokenStatement(
  db: Db,
  clientId: string,
  token: string,
): CompiledQuery<Selectable<TransactionsTable>> {
  return db
    .selectFrom('transactions')
    .innerJoin('tokens', 'tokens.item_id', 'transactions.item_id')
    .selectAll('transactions')
    .where('tokens.token', '=', token)
    .where('tokens.kind', '=', 'access')
    .where('tokens.client_id', '=', clientId)
    .where('transactions.removed_at', 'is', null)
    .orderBy('transactions.date', 'asc')
    .orderBy('transactions.seq', 'asc')
    .compile();
}

/** The transactions of stored rows, in their order. */
export function transactionsOfRows(rows: readonly Selectable<TransactionsTable>[]): Transaction[] {
  return rows.map(fromRow);
}

function toRow(
  transaction: Transaction,
  item: { item_id: string; client_id: string },
  seq: number,
  addedAt: string,
): TransactionsTable {
  return {
    transaction_id: transaction.transaction_id,
    item_id: item.item_id,
    client_id: item.client_id,
    account_id: transaction.account_id,
    seq,
    date: transaction.date,
    authorized_date: transaction.authorized_date,
    name: transaction.name,
    merchant_name: transaction.merchant_name,
    amount: transaction.amount,
    iso_currency_code: transaction.iso_currency_code,
    pending: transaction.pending ? 1 : 0,
    pending_transaction_id: transaction.pending_transaction_id,
    category: transaction.category === null ? null : JSON.stringify(transaction.category),
    category_id: transaction.category_id,
    payment_channel: transaction.payment_channel,
    location: JSON.stringify(transaction.location),
    payment_meta: JSON.stringify(transaction.payment_meta),
    added_at: addedAt,
    removed_at: null,
  };
}

function fromRow(row: Selectable<TransactionsTable>): Transaction {
  return {
    transaction_id: row.transaction_id,
    account_id: row.account_id,
    amount: Number(row.amount),
    iso_currency_code: row.iso_currency_code,
    unofficial_currency_code: null,
    date: row.date,
    authorized_date: row.authorized_date,
    name: row.name,
    merchant_name: row.merchant_name,
    pending: Number(row.pending) === 1,
    pending_transaction_id: row.pending_transaction_id,
    account_owner: null,
    category: row.category === null ? null : (JSON.parse(row.category) as string[]),
    category_id: row.category_id,
    payment_channel: row.payment_channel as Transaction['payment_channel'],
    location: JSON.parse(row.location) as Transaction['location'],
    payment_meta: JSON.parse(row.payment_meta) as Transaction['payment_meta'],
  };
}
