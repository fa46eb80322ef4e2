import { describe, expect, it } from 'vitest';
import {
  hasTransactions,
  isAuthAccount,
  isInvestmentAccount,
  isLiabilityAccount,
  kindName,
} from '../../../src/features/items/coverage.js';

const ITEM_CREATED = '2026-11-02T10:00:00.000Z';
const account = (type: string, subtype: string, created_at = ITEM_CREATED) => ({ type, subtype, created_at });

describe('coverage of account-data products', () => {
  it.each([
    ['checking', account('depository', 'checking'), true],
    ['savings', account('depository', 'savings'), true],
    ['checking opened after the Item', account('depository', 'checking', '2026-11-02T10:00:00.001Z'), false],
    ['money market', account('depository', 'money market'), false],
    ['credit card', account('credit', 'credit card'), false],
    ['student loan', account('loan', 'student'), false],
  ])('auth covers %s: %s', (_name, given, want) => {
    expect(isAuthAccount(given, ITEM_CREATED)).toBe(want);
  });

  it.each([
    ['credit', 'credit card', true],
    ['credit', 'paypal', true],
    ['loan', 'student', true],
    ['loan', 'mortgage', true],
    ['loan', 'auto', false],
    ['depository', 'checking', false],
    ['investment', 'ira', false],
  ])('liabilities covers %s/%s: %s', (type, subtype, want) => {
    expect(isLiabilityAccount({ type, subtype })).toBe(want);
  });

  it('investments covers investment accounts, transactions depository and credit accounts', () => {
    expect(isInvestmentAccount({ type: 'investment' })).toBe(true);
    expect(isInvestmentAccount({ type: 'depository' })).toBe(false);
    expect(['depository', 'credit', 'loan', 'investment'].map((type) => hasTransactions({ type }))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('names account kinds for messages', () => {
    expect(kindName({ type: 'loan', subtype: 'student' })).toBe('student loan');
    expect(kindName({ type: 'credit', subtype: 'credit card' })).toBe('credit card');
  });
});
