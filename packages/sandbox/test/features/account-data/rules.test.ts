import { describe, expect, it } from 'vitest';
import { accountDataRefusalError } from '../../../src/features/account-data/errors.js';
import {
  type AccountDataRefusal,
  authCoverageRefusal,
  investmentSelectionRefusal,
  investmentsReadyRefusal,
  liabilityCoverageRefusal,
} from '../../../src/features/account-data/rules.js';

const CREATED = '2026-11-01T00:00:00.000Z';
const account = (type: string, subtype: string, created_at = CREATED) => ({ type, subtype, created_at });
const CHECKING = account('depository', 'checking');
const LATE_SAVINGS = account('depository', 'savings', '2026-11-02T00:00:00.000Z');
const CARD = account('credit', 'credit card');
const IRA = account('investment', 'ira');

describe('account-data rules', () => {
  it.each([
    ['a checking account', [CHECKING], null],
    ['only a savings account opened after the Item', [LATE_SAVINGS], { code: 'NO_AUTH_ACCOUNTS' }],
    ['a credit card only', [CARD], { code: 'NO_AUTH_ACCOUNTS' }],
    ['no accounts', [], { code: 'NO_AUTH_ACCOUNTS' }],
  ])('auth over %s', (_name, accounts, refusal) => {
    expect(authCoverageRefusal(accounts, CREATED)).toEqual(refusal);
  });

  it.each([
    ['a credit card', [CARD], null],
    ['checking and an IRA', [CHECKING, IRA], { code: 'NO_LIABILITY_ACCOUNTS' }],
  ])('liabilities over %s', (_name, accounts, refusal) => {
    expect(liabilityCoverageRefusal(accounts)).toEqual(refusal);
  });

  it.each([
    [1, false, null],
    [0, false, { code: 'NO_INVESTMENT_ACCOUNTS', selectedByIds: false }],
    [0, true, { code: 'NO_INVESTMENT_ACCOUNTS', selectedByIds: true }],
  ])('%i investment accounts selected (by ids: %s)', (count, byIds, refusal) => {
    expect(investmentSelectionRefusal(count, byIds)).toEqual(refusal);
  });

  it.each([
    ['2026-11-25T11:59:59.000Z', null],
    ['2026-11-25T12:00:00.000Z', null],
    [
      '2026-11-25T12:00:10.000Z',
      { code: 'PRODUCT_NOT_READY', notReady: { product: 'investments', readyAt: '2026-11-25T12:00:10.000Z' } },
    ],
    [null, { code: 'PRODUCT_NOT_READY', notReady: { product: 'investments', readyAt: '2026-11-25T12:00:00.000Z' } }],
  ])('investments extracted at %s', (readyAt, refusal) => {
    expect(investmentsReadyRefusal(readyAt, '2026-11-25T12:00:00.000Z')).toEqual(refusal);
  });

  it.each<[AccountDataRefusal, string]>([
    [{ code: 'NO_AUTH_ACCOUNTS' }, 'no valid checking or savings accounts were found for this item'],
    [
      { code: 'NO_LIABILITY_ACCOUNTS' },
      'no credit card, paypal, student loan or mortgage accounts were found for this item',
    ],
    [
      { code: 'NO_INVESTMENT_ACCOUNTS', selectedByIds: true },
      'none of the accounts in options.account_ids is an investment account',
    ],
    [
      { code: 'PRODUCT_NOT_READY', notReady: { product: 'transactions', readyAt: null } },
      'the transactions data of this item is not ready yet: transactions was not an initial product, so its first extraction has not run (in the sandbox, /transactions/refresh runs it)',
    ],
  ])('answers %j as an ITEM_ERROR of its code, worded once', (refusal, message) => {
    expect(accountDataRefusalError(refusal).init).toMatchObject({ type: 'ITEM_ERROR', code: refusal.code, message });
  });
});
