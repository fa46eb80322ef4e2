import { describe, expect, it } from 'vitest';
import {
  compareNewestFirst,
  GTMIX_ID,
  holdingsOf,
  investmentTransactionsOf,
  MKRB_ID,
  securitiesReferenced,
} from '../../../src/features/account-data/investments.js';

const ANCHOR = '2026-11-20';

describe('investment data', () => {
  it('holds 10 GTMIX and 2 MKRB, worth the 320.76 balance of a sandbox IRA', () => {
    const holdings = holdingsOf('ira', ANCHOR);
    expect(holdings.map((holding) => [holding.security_id, holding.quantity, holding.institution_value])).toEqual([
      [GTMIX_ID, 10, 205],
      [MKRB_ID, 2, 115.76],
    ]);
    expect(holdings.reduce((sum, holding) => sum + holding.institution_value, 0)).toBeCloseTo(320.76, 2);
    expect(holdings[0]?.institution_price_as_of).toBe('2026-11-19');
  });

  it('generates the same transactions for the same Item and account, distinct ids across Items', () => {
    const first = investmentTransactionsOf('item-1', 'ira', ANCHOR);
    expect(investmentTransactionsOf('item-1', 'ira', ANCHOR)).toEqual(first);
    const other = investmentTransactionsOf('item-2', 'ira', ANCHOR);
    const ids = new Set(first.map((transaction) => transaction.investment_transaction_id));
    expect(ids.size).toBe(first.length);
    expect(other.some((transaction) => ids.has(transaction.investment_transaction_id))).toBe(false);
  });

  it('follows the sign conventions: cash out positive, sales negative quantity, cash movements without security', () => {
    const transactions = investmentTransactionsOf('item-1', 'ira', ANCHOR);
    for (const transaction of transactions) {
      if (transaction.type === 'buy') {
        expect(transaction.amount).toBeGreaterThan(0);
        expect(transaction.quantity).toBeGreaterThan(0);
      }
      if (transaction.type === 'sell') {
        expect(transaction.amount).toBeLessThan(0);
        expect(transaction.quantity).toBeLessThan(0);
      }
    }
    expect(transactions.some((transaction) => transaction.security_id === null)).toBe(true);
    expect(transactions.every((transaction) => transaction.date <= ANCHOR)).toBe(true);
  });

  it('orders newest first and breaks ties of one date by id', () => {
    const sorted = investmentTransactionsOf('item-1', 'ira', ANCHOR).sort(compareNewestFirst);
    for (let index = 1; index < sorted.length; index++) {
      const before = sorted[index - 1];
      const after = sorted[index];
      if (!before || !after) {
        throw new Error('unreachable');
      }
      expect(before.date >= after.date).toBe(true);
      if (before.date === after.date) {
        expect(before.investment_transaction_id < after.investment_transaction_id).toBe(true);
      }
    }
    expect(new Set(sorted.map((transaction) => transaction.date)).size).toBeLessThan(sorted.length);
  });

  it('lists only the securities referenced, in their usual order', () => {
    expect(securitiesReferenced([MKRB_ID, null], ANCHOR).map((security) => security.ticker_symbol)).toEqual(['MKRB']);
    expect(securitiesReferenced([MKRB_ID, GTMIX_ID], ANCHOR).map((security) => security.ticker_symbol)).toEqual([
      'GTMIX',
      'MKRB',
    ]);
  });
});
