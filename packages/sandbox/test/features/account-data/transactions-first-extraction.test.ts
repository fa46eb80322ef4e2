/**
 * The first extraction of an Item's transactions, run by whichever request comes first (a read of
 * an Item created with the product, or a refresh) in the statements that start it only once: alone
 * or concurrent, the Item ends with its history stored once and every refresh applied once.
 */
import { expect, it } from 'vitest';
import { transactionHistory } from '../../../src/features/account-data/transactions.js';
import { describeEngines } from '../../support/harness.js';
import { exchangedItem } from '../../support/items.js';
import { type Receiver, startReceiver } from '../../support/receiver.js';
import { allTransactions, YEAR } from '../../support/transactions.js';

describeEngines('the first extraction of transactions', (sandbox) => {
  let receiver: Receiver | undefined;

  const newItem = (initial_products: ('auth' | 'transactions')[], webhook?: string) =>
    exchangedItem(sandbox(), initial_products, webhook);

  /** The Item's history as its creation generated it, in the order found. */
  async function historyOf(itemId: string) {
    const db = sandbox().sandbox.store.db;
    const item = await db.selectFrom('items').selectAll().where('item_id', '=', itemId).executeTakeFirstOrThrow();
    const accounts = await db
      .selectFrom('accounts')
      .selectAll()
      .where('item_id', '=', itemId)
      .orderBy('position')
      .execute();
    return { item, history: transactionHistory(itemId, accounts, item.created_at.slice(0, 10)) };
  }

  async function extractionOf(itemId: string) {
    return sandbox()
      .sandbox.store.db.selectFrom('product_extractions')
      .selectAll()
      .where('item_id', '=', itemId)
      .where('product', '=', 'transactions')
      .executeTakeFirstOrThrow();
  }

  async function storedCount(itemId: string) {
    const row = await sandbox()
      .sandbox.store.db.selectFrom('transactions')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('item_id', '=', itemId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('a refresh before any read stores the history as of creation, then refreshes it (refresh 1)', async () => {
    receiver = await startReceiver();
    try {
      const { access_token, item_id } = await newItem(['transactions'], receiver.url);
      await sandbox().ok('transactionsRefresh', { access_token });
      const { item, history } = await historyOf(item_id);
      // The oldest pending of the history: earliest date, then earliest found.
      const pending = history.filter((transaction) => transaction.pending);
      const oldest = pending.reduce((found, transaction) => (transaction.date < found.date ? transaction : found));
      const after = await allTransactions(sandbox(), access_token);
      expect(after).toHaveLength(history.length + 1);
      expect(after.some((transaction) => transaction.transaction_id === oldest.transaction_id)).toBe(false);
      expect(after.find((transaction) => transaction.pending_transaction_id === oldest.transaction_id)).toMatchObject({
        pending: false,
        amount: oldest.amount,
      });
      expect(await extractionOf(item_id)).toMatchObject({
        started_at: item.created_at,
        ready_at: item.created_at,
        refreshes: 1,
      });
      const outbox = await sandbox()
        .sandbox.store.db.selectFrom('webhook_outbox')
        .select('body')
        .where('item_id', '=', item_id)
        .orderBy('id')
        .execute();
      expect(outbox.map((row) => JSON.parse(row.body))).toEqual([
        expect.objectContaining({ webhook_code: 'DEFAULT_UPDATE', new_transactions: 2 }),
        expect.objectContaining({
          webhook_code: 'TRANSACTIONS_REMOVED',
          removed_transactions: [oldest.transaction_id],
        }),
      ]);
    } finally {
      await receiver.close();
      receiver = undefined;
    }
  });

  it('concurrent first reads store the history once and answer the same', async () => {
    const { access_token, item_id } = await newItem(['transactions']);
    const replies = await Promise.all(
      [1, 2, 3].map(() => sandbox().ok('transactionsGet', { access_token, ...YEAR, options: { count: 500 } })),
    );
    const { history } = await historyOf(item_id);
    for (const reply of replies) {
      expect(reply.total_transactions).toBe(history.length);
      expect(reply.transactions).toEqual(replies[0]?.transactions);
    }
    expect(await storedCount(item_id)).toBe(history.length);
  });

  it.each([
    { products: ['transactions'] as const, refreshes: 3, added: 3 },
    // Without the product, the first refresh is the extraction itself: it counts no refresh.
    { products: ['auth'] as const, refreshes: 2, added: 2 },
  ])(
    'concurrent first refreshes of an Item created with $products: the history once, each refresh once',
    async ({ products, refreshes, added }) => {
      const { access_token, item_id } = await newItem([...products]);
      await Promise.all([1, 2, 3].map(() => sandbox().ok('transactionsRefresh', { access_token })));
      const { history } = await historyOf(item_id);
      const after = await allTransactions(sandbox(), access_token);
      expect(after).toHaveLength(history.length + added);
      expect(new Set(after.map((transaction) => transaction.transaction_id)).size).toBe(after.length);
      expect((await extractionOf(item_id)).refreshes).toBe(refreshes);
    },
  );

  it('a first read and a first refresh at once: the history once, the refresh once', async () => {
    const { access_token, item_id } = await newItem(['transactions']);
    await Promise.all([
      sandbox().ok('transactionsGet', { access_token, ...YEAR }),
      sandbox().ok('transactionsRefresh', { access_token }),
      sandbox().ok('transactionsGet', { access_token, ...YEAR }),
    ]);
    const { history } = await historyOf(item_id);
    expect(await allTransactions(sandbox(), access_token)).toHaveLength(history.length + 1);
    expect((await extractionOf(item_id)).refreshes).toBe(1);
  });
});
