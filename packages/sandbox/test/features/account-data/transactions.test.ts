import { describe, expect, it } from 'vitest';
import { HISTORY_DAYS, refreshChanges, transactionHistory } from '../../../src/features/account-data/transactions.js';
import { addDays } from '../../../src/features/items/index.js';

const ANCHOR = '2026-11-02';
const ACCOUNTS = [
  { account_id: 'checking', type: 'depository', subtype: 'checking', iso_currency_code: 'USD' },
  { account_id: 'savings', type: 'depository', subtype: 'savings', iso_currency_code: 'USD' },
  { account_id: 'card', type: 'credit', subtype: 'credit card', iso_currency_code: 'USD' },
  { account_id: 'loan', type: 'loan', subtype: 'student', iso_currency_code: 'USD' },
  { account_id: 'ira', type: 'investment', subtype: 'ira', iso_currency_code: 'USD' },
];

describe('transaction history', () => {
  const history = transactionHistory('item-1', ACCOUNTS, ANCHOR);

  it('is the same for the same Item and has no id in common with another Item', () => {
    expect(transactionHistory('item-1', ACCOUNTS, ANCHOR)).toEqual(history);
    const ids = new Set(history.map((transaction) => transaction.transaction_id));
    expect(ids.size).toBe(history.length);
    const other = transactionHistory('item-2', ACCOUNTS, ANCHOR);
    expect(other.some((transaction) => ids.has(transaction.transaction_id))).toBe(false);
  });

  it('covers a year up to the anchor day, on depository and credit accounts only', () => {
    const dates = history.map((transaction) => transaction.date).sort();
    expect((dates[0] ?? '') >= addDays(ANCHOR, 1 - HISTORY_DAYS)).toBe(true);
    expect((dates[0] ?? '') <= addDays(ANCHOR, 7 - HISTORY_DAYS)).toBe(true);
    expect(dates.at(-1)).toBe(ANCHOR);
    expect(new Set(history.map((transaction) => transaction.account_id))).toEqual(
      new Set(['checking', 'savings', 'card']),
    );
    expect(history.filter((transaction) => transaction.account_id === 'checking').length).toBeGreaterThan(150);
  });

  it('has pending card purchases only in its last two days, and posted ones before', () => {
    const pending = history.filter((transaction) => transaction.pending);
    expect(pending.length).toBeGreaterThanOrEqual(2);
    for (const transaction of pending) {
      expect(transaction.date >= addDays(ANCHOR, -1)).toBe(true);
      expect(transaction.authorized_date).toBe(transaction.date);
    }
  });

  it('signs money leaving the account positive', () => {
    const payroll = history.find((transaction) => transaction.category?.includes('Payroll'));
    expect(payroll?.amount).toBe(-1000);
    expect(payroll?.payment_meta.ppd_id).toBe('1234567890');
    const coffee = history.find((transaction) => transaction.merchant_name === 'Gingham Coffee');
    expect(coffee?.amount).toBeGreaterThan(0);
  });
});

describe('refreshChanges', () => {
  const history = transactionHistory('item-1', ACCOUNTS, ANCHOR);
  const oldestPending = history
    .filter((transaction) => transaction.pending)
    .sort((a, b) => (a.date < b.date ? -1 : 1))[0];

  it('posts the oldest pending transaction and adds a new pending purchase', () => {
    const changes = refreshChanges({
      itemId: 'item-1',
      refresh: 1,
      today: '2026-11-05',
      oldestPending,
      accounts: ACCOUNTS,
    });
    expect(changes.removed).toEqual([oldestPending?.transaction_id]);
    const [posted, fresh] = changes.added;
    expect(posted).toMatchObject({
      pending: false,
      pending_transaction_id: oldestPending?.transaction_id,
      amount: oldestPending?.amount,
      date: '2026-11-05',
      account_id: oldestPending?.account_id,
    });
    expect(fresh).toMatchObject({ pending: true, date: '2026-11-05', account_id: 'checking' });
  });

  it('is deterministic per refresh number and differs between refreshes', () => {
    const input = { itemId: 'item-1', today: '2026-11-05', oldestPending, accounts: ACCOUNTS };
    expect(refreshChanges({ ...input, refresh: 2 })).toEqual(refreshChanges({ ...input, refresh: 2 }));
    const ids = (refresh: number) => refreshChanges({ ...input, refresh }).added.map((t) => t.transaction_id);
    expect(ids(1).some((id) => ids(2).includes(id))).toBe(false);
  });

  it('adds only the new purchase when nothing is pending, and nothing without a checking or credit account', () => {
    expect(
      refreshChanges({ itemId: 'i', refresh: 1, today: ANCHOR, oldestPending: undefined, accounts: ACCOUNTS }),
    ).toMatchObject({
      removed: [],
      added: [{ pending: true }],
    });
    expect(
      refreshChanges({ itemId: 'i', refresh: 1, today: ANCHOR, oldestPending: undefined, accounts: ACCOUNTS.slice(3) }),
    ).toEqual({ added: [], removed: [] });
  });
});
