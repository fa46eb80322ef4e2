import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../src/features/account-data/index.js';
import { buildAssetReport, historicalBalances, reportTransaction } from '../../../src/features/asset-reports/report.js';
import { generateAccounts } from '../../../src/features/items/index.js';
import { TEST_USERS, testUserKey } from '../../../src/features/world/index.js';

const GOOD = TEST_USERS.find((user) => user.behaviour === 'good');
const OWNERS_UNAVAILABLE = TEST_USERS.find((user) => user.behaviour === 'owners_unavailable');

function source(itemId: string, user = GOOD) {
  if (!user) {
    throw new Error('test user missing');
  }
  const createdAt = '2026-11-02T10:00:00.000Z';
  return {
    item: { item_id: itemId, institution_id: 'ins_109508', test_user: testUserKey(user), created_at: createdAt },
    institutionName: 'First Gingham Bank',
    accounts: generateAccounts({ itemId, clientId: 'client', user, createdAt }),
  };
}

describe('historicalBalances', () => {
  const account = { type: 'depository' as const, current: 110, iso_currency_code: 'USD' };
  it.each([
    {
      name: 'undoes each day of posted transactions, newest first, ending at the first day of the period',
      transactions: [
        { date: '2026-11-14', amount: 6.33, pending: false },
        { date: '2026-11-12', amount: -100, pending: false },
      ],
      first: '2026-11-01',
      want: [
        ['2026-11-20', 110],
        ['2026-11-13', 116.33],
        ['2026-11-11', 16.33],
      ],
    },
    {
      name: 'ignores pending transactions',
      transactions: [{ date: '2026-11-19', amount: 5, pending: true }],
      first: '2026-11-01',
      want: [['2026-11-20', 110]],
    },
    {
      name: 'stops before the period starts',
      transactions: [{ date: '2026-11-18', amount: 10, pending: false }],
      first: '2026-11-18',
      want: [['2026-11-20', 110]],
    },
    { name: 'is empty for a period of 0 days', transactions: [], first: '2026-11-21', want: [] },
  ])('$name', ({ transactions, first, want }) => {
    const balances = historicalBalances(account, transactions, first, '2026-11-20');
    expect(balances.map((entry) => [entry.date, entry.current])).toEqual(want);
  });

  it('moves a credit account the other way: undoing a purchase lowers what is owed', () => {
    const balances = historicalBalances(
      { type: 'credit', current: 410, iso_currency_code: 'USD' },
      [{ date: '2026-11-10', amount: 40, pending: false }],
      '2026-11-01',
      '2026-11-20',
    );
    expect(balances.map((entry) => entry.current)).toEqual([410, 370]);
  });
});

describe('reportTransaction', () => {
  const base: Transaction = {
    transaction_id: 't1',
    account_id: 'a1',
    amount: 6.33,
    iso_currency_code: 'USD',
    unofficial_currency_code: null,
    date: '2026-11-14',
    authorized_date: '2026-11-13',
    name: 'Uber',
    merchant_name: 'Uber',
    pending: false,
    pending_transaction_id: null,
    account_owner: null,
    category: null,
    category_id: null,
    payment_channel: 'online',
    location: {
      address: null,
      city: null,
      region: null,
      postal_code: null,
      country: null,
      lat: null,
      lon: null,
      store_number: null,
    },
    payment_meta: {
      reference_number: null,
      ppd_id: null,
      payee: null,
      by_order_of: null,
      payer: null,
      payment_method: null,
      payment_processor: null,
      reason: null,
    },
  };
  it.each([
    ['online', 'digital'],
    ['in store', 'place'],
    ['other', 'special'],
  ] as const)('maps payment channel %s to transaction_type %s', (channel, type) => {
    expect(reportTransaction({ ...base, payment_channel: channel }).transaction_type).toBe(type);
  });
  it('uses the authorized date as date_transacted and an empty category for an uncategorized one', () => {
    expect(reportTransaction(base)).toMatchObject({ date_transacted: '2026-11-13', category: [], date: '2026-11-14' });
    expect(reportTransaction({ ...base, authorized_date: null }).date_transacted).toBe('2026-11-14');
  });
});

describe('buildAssetReport', () => {
  const generatedAt = new Date('2026-11-02T12:00:00.000Z');

  it('covers each Item with all its accounts, transactions inside the period only, newest first', () => {
    const report = buildAssetReport({ sources: [source('item-a')], daysRequested: 30, generatedAt });
    expect(report.warnings).toEqual([]);
    const [item] = report.items;
    expect(item?.accounts.map((account) => account.subtype)).toEqual([
      'checking',
      'savings',
      'credit card',
      'student',
      'mortgage',
      'ira',
    ]);
    const checking = item?.accounts[0];
    expect(checking?.transactions.length).toBeGreaterThan(0);
    for (const transaction of checking?.transactions ?? []) {
      expect(transaction.date >= '2026-10-04' && transaction.date <= '2026-11-02').toBe(true);
    }
    const dates = (checking?.transactions ?? []).map((transaction) => transaction.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(item?.accounts[3]?.transactions).toEqual([]);
    expect(checking?.owners[0]?.names).toEqual(['Alberta Bobbeth Charleson']);
    expect(checking?.balances.last_updated_datetime).toBe(generatedAt.toISOString());
  });

  it('is deterministic for the same Items, period and time', () => {
    const once = buildAssetReport({ sources: [source('item-a')], daysRequested: 90, generatedAt });
    const again = buildAssetReport({ sources: [source('item-a')], daysRequested: 90, generatedAt });
    expect(again).toEqual(once);
  });

  it('warns OWNERS_UNAVAILABLE for an Item of user_owners_unavailable and gives its accounts no owners', () => {
    const report = buildAssetReport({
      sources: [source('item-a'), source('item-b', OWNERS_UNAVAILABLE)],
      daysRequested: 10,
      generatedAt,
    });
    expect(report.warnings).toEqual([
      {
        warning_type: 'ASSET_REPORT_WARNING',
        warning_code: 'OWNERS_UNAVAILABLE',
        cause: {
          item_id: 'item-b',
          error: expect.objectContaining({
            error_type: 'ITEM_ERROR',
            error_code: 'PRODUCTS_NOT_SUPPORTED',
            status: null,
          }),
        },
      },
    ]);
    expect(report.items[1]?.accounts.every((account) => account.owners.length === 0)).toBe(true);
    expect(report.items[0]?.accounts.every((account) => account.owners.length > 0)).toBe(true);
  });
});
