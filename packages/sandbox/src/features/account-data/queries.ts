/**
 * SQL of account data: the state of a product's first extraction and an Item's stored
 * transactions. Every function runs inside the caller's transaction.
 */
import { type CompiledQuery, type Kysely, type Selectable, sql, type Transaction as Trx } from 'kysely';
import { boundInserts, type Database, type Placeholders, prepareQuery, together, twoWays } from '../../engine/index.js';
import { itemIdOfToken } from '../items/index.js';
import type { ProductExtractionsTable, TransactionsTable } from './tables.js';
import type { Transaction } from './transactions.js';

type Db = Kysely<Database> | Trx<Database>;

/** A stored extraction. */
export type ExtractionRow = Selectable<ProductExtractionsTable>;

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
 * Stores `transactions` of an Item, found at `addedAt`, numbered from the Item's next position on:
 * one statement ({@link insertTransactionsStatement}) where statements cost round trips;
 * elsewhere, where bound parameters are several times faster than JSON rows, the last position
 * read and the rows inserted 100 at a time.
 */
export async function insertTransactions(
  db: Db,
  item: { item_id: string; client_id: string },
  transactions: readonly Transaction[],
  addedAt: string,
): Promise<void> {
  if (transactions.length > 0) {
    await insertSomeTransactions(db, item, transactions, addedAt);
  }
}

/** What {@link insertSomeTransactions} is asked with: the Item, its new transactions, and when they were added. */
type TransactionsInsertArgs = [
  item: { item_id: string; client_id: string },
  transactions: readonly Transaction[],
  addedAt: string,
];

const insertSomeTransactions = twoWays<Db, TransactionsInsertArgs, Promise<void>>({
  async fewStatements(db, item, transactions, addedAt) {
    await db.executeQuery(insertTransactionsStatement(db, item, transactions, addedAt));
  },
  async plainStatements(db, item, transactions, addedAt) {
    const last = await db
      .selectFrom('transactions')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('item_id', '=', item.item_id)
      .executeTakeFirst();
    const first = Number(last?.seq ?? 0) + 1;
    const rows = transactions.map((transaction, index) => toRow(transaction, item, first + index, addedAt));
    for (const statement of boundTransactionInserts(rows)) {
      await db.executeQuery(statement);
    }
  },
});

/** A query of the present transactions of Item `itemId` of `accountIds` dated `startDate`..`endDate` (inclusive). */
export type TransactionQuery = PageQuery & { itemId: string; accountIds: readonly string[] };

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
  const [counted, rows] = await together(db, pageStatements(db, query.itemId, query, page));
  return pageOfAnswers(counted, rows);
}

/** Which of an Item's transactions a page is taken from: its present ones of `accountIds` (all when absent), dated `startDate`..`endDate`. */
export interface PageQuery {
  accountIds?: readonly string[] | undefined;
  startDate: string;
  endDate: string;
}

/** The Item id of the client's access token `token`, as a subquery. */
function itemIdOfAccessToken(db: Db, p: Placeholders<{ clientId: string; token: string }>) {
  return itemIdOfToken(db, { clientId: p.clientId, token: p.token, kind: 'access' });
}

/**
 * The two statements of a page of the transactions of Item `itemId` (an id, or a subquery giving
 * it) matching `query`: the number matching in all, and the page, newest date first and, within
 * a date, the latest found first. `query.accountIds`, when given, must not be empty.
 */
function pageStatements(
  db: Db,
  itemId: string | ReturnType<typeof itemIdOfAccessToken>,
  query: PageQuery,
  page: { count: number; offset: number },
): [CompiledQuery<{ total: number | string | bigint }>, CompiledQuery<Selectable<TransactionsTable>>] {
  let matching = db
    .selectFrom('transactions')
    .where('item_id', '=', itemId)
    .where('removed_at', 'is', null)
    .where('date', '>=', query.startDate)
    .where('date', '<=', query.endDate);
  if (query.accountIds) {
    matching = matching.where('account_id', 'in', [...query.accountIds]);
  }
  return [
    matching.select((eb) => eb.fn.countAll().as('total')).compile() as CompiledQuery<{
      total: number | string | bigint;
    }>,
    matching.selectAll().orderBy('date', 'desc').orderBy('seq', 'desc').limit(page.count).offset(page.offset).compile(),
  ];
}

/**
 * The statements of a page of the transactions of the Item of access token `token` of
 * `clientId` (see {@link pageStatements}), to send together with the token lookup; read their
 * answers with {@link pageOfAnswers}. An empty `query.accountIds` matches nothing.
 */
export function pageOfTokenStatements(
  db: Db,
  clientId: string,
  token: string,
  query: PageQuery,
  page: { count: number; offset: number },
): [CompiledQuery<unknown>, CompiledQuery<unknown>] {
  const itemId = itemIdOfAccessToken(db, { clientId, token });
  // `in ()` is not SQL: an empty selection matches no account id instead.
  const accountIds = query.accountIds?.length === 0 ? [''] : query.accountIds;
  return pageStatements(db, itemId, { ...query, accountIds }, page);
}

/** The page and total answered by the statements of {@link pageOfTokenStatements}. */
export function pageOfAnswers(
  counted: { rows: unknown[] },
  rows: { rows: unknown[] },
): { transactions: Transaction[]; total: number } {
  const total = (counted.rows[0] as { total?: number | string | bigint } | undefined)?.total;
  return {
    transactions: transactionsOfRows(rows.rows as Selectable<TransactionsTable>[]),
    total: Number(total ?? 0),
  };
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
  return extractionOfTokenQuery.compile(db, { clientId, token, product });
}

const extractionOfTokenQuery = prepareQuery(
  (db, p: Placeholders<{ clientId: string; token: string; product: string }>) =>
    db
      .selectFrom('product_extractions')
      .selectAll()
      .where('item_id', '=', itemIdOfAccessToken(db, p))
      .where('product', '=', p.product),
);

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
  return storedTransactionsOfTokenQuery.compile(db, { clientId, token });
}

type TokenOfClient = Placeholders<{ clientId: string; token: string }>;

/** The present stored transactions of the Item of the client's access token, oldest first. */
function storedTransactionsOfToken(db: Db, p: TokenOfClient) {
  return db
    .selectFrom('transactions')
    .selectAll()
    .where('item_id', '=', itemIdOfAccessToken(db, p))
    .where('removed_at', 'is', null)
    .orderBy('date', 'asc')
    .orderBy('seq', 'asc');
}

const storedTransactionsOfTokenQuery = prepareQuery((db, p: TokenOfClient) => storedTransactionsOfToken(db, p));

/** The transactions of stored rows, in their order. */
export function transactionsOfRows(rows: readonly Selectable<TransactionsTable>[]): Transaction[] {
  return rows.map(fromRow);
}

/**
 * The statement starting the extraction of `product` of the Item of access token `token` of
 * `clientId` unless it started (a concurrent one's insert wins; on PostgreSQL the loser waits for
 * it to commit): answers the Item id when this statement started it, nothing otherwise. Its
 * times are `at` and it counts no refresh; the starter sets them ({@link extractionStatement}).
 */
export function claimExtractionOfTokenStatement(
  db: Db,
  clientId: string,
  token: string,
  product: string,
  at: string,
): CompiledQuery<{ item_id: string }> {
  return claimExtractionOfTokenQuery.compile(db, { clientId, token, product, at });
}

const claimExtractionOfTokenQuery = prepareQuery(
  (db, p: Placeholders<{ clientId: string; token: string; product: string; at: string }>) =>
    db
      .insertInto('product_extractions')
      .columns(['item_id', 'product', 'started_at', 'ready_at', 'refreshes'])
      .expression(
        // The token's own row (none when it is unknown): the Item id and the extraction's values.
        itemIdOfAccessToken(db, p).select([
          sql<string>`cast(${p.product} as text)`.as('product'),
          sql<string>`cast(${p.at} as text)`.as('started_at'),
          sql<string>`cast(${p.at} as text)`.as('ready_at'),
          sql<number>`0`.as('refreshes'),
        ]),
      )
      .onConflict((conflict) => conflict.columns(['item_id', 'product']).doNothing())
      .returning('item_id'),
);

/** The statement setting the times and refresh count of the extraction of `product` of Item `itemId`. */
export function extractionStatement(
  db: Db,
  itemId: string,
  product: string,
  set: { startedAt: string; readyAt: string; refreshes: number },
): CompiledQuery<unknown> {
  return db
    .updateTable('product_extractions')
    .set({ started_at: set.startedAt, ready_at: set.readyAt, refreshes: set.refreshes })
    .where('item_id', '=', itemId)
    .where('product', '=', product)
    .compile();
}

/**
 * The statement counting one more refresh of the transactions of the Item of access token
 * `token` of `clientId`, answering its number (1 for the first; no row: not extracted). Its row
 * lock serialises concurrent refreshes of one Item on PostgreSQL: statements sent after it see
 * what an earlier refresh committed.
 */
export function countRefreshOfTokenStatement(
  db: Db,
  clientId: string,
  token: string,
): CompiledQuery<{ refreshes: number }> {
  return countRefreshOfTokenQuery.compile(db, { clientId, token });
}

const countRefreshOfTokenQuery = prepareQuery((db, p: TokenOfClient) =>
  db
    .updateTable('product_extractions')
    .set((eb) => ({ refreshes: eb('refreshes', '+', 1) }))
    .where('item_id', '=', itemIdOfAccessToken(db, p))
    .where('product', '=', 'transactions')
    .returning('refreshes'),
);

/**
 * The statement reading the oldest pending transaction still present (earliest date, then
 * earliest found) of the Item of access token `token` of `clientId`; {@link transactionsOfRows}
 * reads its row.
 */
export function oldestPendingOfTokenStatement(
  db: Db,
  clientId: string,
  token: string,
): CompiledQuery<Selectable<TransactionsTable>> {
  return oldestPendingOfTokenQuery.compile(db, { clientId, token });
}

const oldestPendingOfTokenQuery = prepareQuery((db, p: TokenOfClient) =>
  storedTransactionsOfToken(db, p).where('pending', '=', 1).limit(1),
);

/** The statement marking transactions `ids` (not empty) of Item `itemId` removed at `at`, answering the ids it removed. */
export function removeTransactionsStatement(
  db: Db,
  itemId: string,
  ids: readonly string[],
  at: string,
): CompiledQuery<{ transaction_id: string }> {
  return db
    .updateTable('transactions')
    .set({ removed_at: at })
    .where('item_id', '=', itemId)
    .where('transaction_id', 'in', [...ids])
    .where('removed_at', 'is', null)
    .returning('transaction_id')
    .compile();
}

/** The columns of a stored transaction, in the table's order. */
const TRANSACTION_COLUMNS = [
  'transaction_id',
  'item_id',
  'client_id',
  'account_id',
  'seq',
  'date',
  'authorized_date',
  'name',
  'merchant_name',
  'amount',
  'iso_currency_code',
  'pending',
  'pending_transaction_id',
  'category',
  'category_id',
  'payment_channel',
  'location',
  'payment_meta',
  'added_at',
  'removed_at',
] as const satisfies readonly (keyof TransactionsTable)[];

/**
 * SQLite: the inserts of stored transactions, up to 100 rows per statement (20 values a row),
 * each statement text prepared once.
 */
const boundTransactionInserts = boundInserts<TransactionsTable>('transactions', TRANSACTION_COLUMNS, [100, 20, 5, 1]);

/**
 * PostgreSQL: `insert into transactions` of `transactions` of an Item found at `addedAt`, as one statement
 * whatever their number (the rows go as one JSON value), numbered after the Item's last
 * transaction when the statement runs (so it can follow other inserts of the same batch).
 */
function insertTransactionsSql(
  item: { item_id: string; client_id: string },
  transactions: readonly Transaction[],
  addedAt: string,
) {
  const rows = transactions.map((transaction, index) => toRow(transaction, item, index + 1, addedAt));
  const last = sql`coalesce((select max(t.seq) from ${sql.table('transactions')} t where t.item_id = ${item.item_id}), 0)`;
  const values = sql.join(
    TRANSACTION_COLUMNS.map((column) => (column === 'seq' ? sql`r.seq + ${last}` : sql.ref(`r.${column}`))),
  );
  return {
    columns: sql.join(TRANSACTION_COLUMNS.map((column) => sql.ref(column))),
    select: sql`select ${values} from json_populate_recordset(null::transactions, cast(${JSON.stringify(rows)} as json)) as r`,
  };
}

/**
 * PostgreSQL: the statement storing `transactions` of an Item, found at `addedAt`, numbered from
 * the Item's next position on when it runs (so it can follow other inserts of the same batch):
 * one statement however many (the rows go as one JSON value).
 */
export function insertTransactionsStatement(
  db: Db,
  item: { item_id: string; client_id: string },
  transactions: readonly Transaction[],
  addedAt: string,
): CompiledQuery<unknown> {
  const { columns, select } = insertTransactionsSql(item, transactions, addedAt);
  return sql`insert into ${sql.table('transactions')} (${columns}) ${select}`.compile(db);
}

/**
 * PostgreSQL: the statement running the first extraction of `product` of Item `item`: the
 * extraction started at `at` and `transactions` stored, found at `at`, both only if it had not
 * started (a concurrent one wins; the loser waits for it to commit and stores nothing). One
 * statement, so all of it or nothing stands without a transaction of its own.
 */
export function extractionWithTransactionsStatement(
  db: Db,
  item: { item_id: string; client_id: string },
  product: string,
  transactions: readonly Transaction[],
  at: string,
): CompiledQuery<unknown> {
  const { columns, select } = insertTransactionsSql(item, transactions, at);
  return sql`with started as (
    insert into ${sql.table('product_extractions')} (item_id, product, started_at, ready_at, refreshes)
    values (${item.item_id}, ${product}, ${at}, ${at}, 0)
    on conflict (item_id, product) do nothing
    returning item_id
  ) insert into ${sql.table('transactions')} (${columns}) ${select} where exists (select 1 from started)`.compile(db);
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
