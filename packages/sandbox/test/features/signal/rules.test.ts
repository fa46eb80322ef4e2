import { describe, expect, it } from 'vitest';
import { signalRefusalError } from '../../../src/features/signal/errors.js';
import {
  amountRefusal,
  evaluatedAccountRefusal,
  returnCodeRefusal,
  type SignalRefusal,
} from '../../../src/features/signal/rules.js';

describe('signal rules', () => {
  it.each([
    [10, null],
    [12.34, null],
    [0.1 + 0.2, null],
    [12.345, 'must have at most two decimal places, got 12.345'],
  ])('amount %d', (amount, message) => {
    expect(amountRefusal(amount)).toEqual(
      message === null ? null : { code: 'INVALID_FIELD', field: 'amount', message },
    );
  });

  it.each([
    ['depository', 'checking', true],
    ['depository', 'savings', true],
    ['credit', 'credit card', false],
    ['loan', 'student', false],
    ['investment', 'ira', false],
  ])('a %s %s account: evaluated %s', (type, subtype, ok) => {
    const account = { account_id: 'a-1', type, subtype };
    expect(evaluatedAccountRefusal(account)).toEqual(ok ? null : { code: 'ACCOUNT_NOT_SUPPORTED', account });
  });

  it.each([
    ['R01', true],
    ['R99', false],
  ])('return code %s: assigned %s', (code, ok) => {
    expect(returnCodeRefusal(code)).toEqual(
      ok
        ? null
        : { code: 'INVALID_FIELD', field: 'return_code', message: `${code} is not an assigned ACH return code` },
    );
  });

  it.each<[SignalRefusal, string, string]>([
    [{ code: 'INVALID_FIELD', field: 'amount', message: 'm' }, 'INVALID_REQUEST', 'amount m'],
    [
      { code: 'ACCOUNT_NOT_SUPPORTED', account: { account_id: 'a-1', type: 'credit', subtype: 'credit card' } },
      'INVALID_INPUT',
      'account_id a-1 is a credit card account; signal evaluates ACH debits from checking and savings accounts only',
    ],
    [
      { code: 'CLIENT_TRANSACTION_ID_NOT_FOUND', clientTransactionId: 'tx' },
      'INVALID_INPUT',
      'client_transaction_id tx was never evaluated with /signal/evaluate',
    ],
  ])('answers %j as its code, worded once', (refusal, type, message) => {
    expect(signalRefusalError(refusal).init).toMatchObject({ type, code: refusal.code, message });
  });
});
