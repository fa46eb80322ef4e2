import { describe, expect, it } from 'vitest';
import { bankTransferRefusalError } from '../../../src/features/bank-transfers/errors.js';
import {
  type BankTransferRefusal,
  balanceAccount,
  cancellableBankTransfer,
  knownBankTransfer,
  migrationInstitution,
  namedAccount,
  processorAccount,
  simulatableBankTransfer,
} from '../../../src/features/bank-transfers/rules.js';

const refused = (refusal: BankTransferRefusal) => ({ ok: false, refusal });
const accepted = <T>(value: T) => ({ ok: true, value });

const CHECKING = { account_id: 'a-1', type: 'depository', subtype: 'checking' };
const SAVINGS = { account_id: 'a-2', type: 'depository', subtype: 'savings' };
const CARD = { account_id: 'a-3', type: 'credit', subtype: 'credit card' };
const LOAN = { account_id: 'a-4', type: 'loan', subtype: 'student' };

describe('namedAccount and processorAccount', () => {
  it.each([
    ['checking', CHECKING, accepted(CHECKING)],
    ['savings', SAVINGS, accepted(SAVINGS)],
    ['credit card', CARD, refused({ code: 'INVALID_ACCOUNT_ID', accountId: 'asked' })],
    ['student loan', LOAN, refused({ code: 'INVALID_ACCOUNT_ID', accountId: 'asked' })],
    ['none of the Item', undefined, refused({ code: 'INVALID_ACCOUNT_ID', accountId: 'asked' })],
  ])('named by account_id: %s', (_name, account, outcome) => {
    expect(namedAccount('asked', account)).toEqual(outcome);
  });

  it.each([
    ['checking', CHECKING, accepted(CHECKING)],
    ['savings', SAVINGS, accepted(SAVINGS)],
    ['credit card', CARD, refused({ code: 'ACCOUNT_NOT_SUPPORTED', account: CARD })],
    ['student loan', LOAN, refused({ code: 'ACCOUNT_NOT_SUPPORTED', account: LOAN })],
  ])('behind a processor token: %s', (_name, account, outcome) => {
    expect(processorAccount(account)).toEqual(outcome);
  });
});

describe('the life of a bank transfer', () => {
  it.each([
    ['pending, cancellable', { status: 'pending', cancellable: 1 }, null],
    ['pending, not cancellable', { status: 'pending', cancellable: 0 }, 'pending'],
    ['posted', { status: 'posted', cancellable: 0 }, 'posted'],
    ['cancelled', { status: 'cancelled', cancellable: 0 }, 'cancelled'],
  ] as const)('cancel %s', (_name, current, refusedStatus) => {
    expect(cancellableBankTransfer('bt-1', current)).toEqual(
      refusedStatus === null
        ? accepted(current)
        : refused({ code: 'BANK_TRANSFER_NOT_CANCELLABLE', bankTransferId: 'bt-1', status: refusedStatus }),
    );
  });

  it('refuses an unknown bank transfer alike for get, cancel and simulate', () => {
    const unknown = refused({ code: 'INVALID_BANK_TRANSFER_ID', bankTransferId: 'bt-9' });
    expect(knownBankTransfer('bt-9', undefined)).toEqual(unknown);
    expect(cancellableBankTransfer('bt-9', undefined)).toEqual(unknown);
    expect(simulatableBankTransfer('bt-9', undefined, 'posted')).toEqual(unknown);
  });

  it.each([
    ['posted', 'pending', true],
    ['failed', 'pending', true],
    ['reversed', 'posted', true],
    ['reversed', 'pending', false],
    ['posted', 'posted', false],
    ['failed', 'cancelled', false],
    ['reversed', 'reversed', false],
  ] as const)('simulates %s on a %s bank transfer: %s', (eventType, status, ok) => {
    expect(simulatableBankTransfer('bt-1', { status }, eventType)).toEqual(
      ok
        ? accepted({ status })
        : refused({
            code: 'SANDBOX_BANK_TRANSFER_EVENT_TRANSITION_INVALID',
            bankTransferId: 'bt-1',
            status,
            eventType,
          }),
    );
  });
});

describe('balanceAccount', () => {
  const ONE = { origination_account_id: 'o-1' };
  const TWO = { origination_account_id: 'o-2' };

  it.each([
    ['the only account, none requested', null, [ONE], 'full_service', accepted(ONE)],
    ['the requested account', 'o-2', [ONE, TWO], 'full_service', accepted(TWO)],
    [
      'none requested of several',
      null,
      [ONE, TWO],
      'full_service',
      refused({ code: 'ORIGINATION_ACCOUNT_ID_REQUIRED' }),
    ],
    [
      'an account of another client',
      'o-9',
      [ONE],
      'full_service',
      refused({ code: 'INVALID_ORIGINATION_ACCOUNT_ID', originationAccountId: 'o-9' }),
    ],
    [
      'the platform configuration',
      'o-1',
      [ONE],
      'platform',
      refused({ code: 'BANK_TRANSFER_BALANCE_NOT_SUPPORTED', originationAccountId: 'o-1' }),
    ],
    [
      'several accounts win over the configuration',
      null,
      [ONE, TWO],
      'platform',
      refused({ code: 'ORIGINATION_ACCOUNT_ID_REQUIRED' }),
    ],
  ])('%s', (_name, requested, accounts, config, outcome) => {
    expect(balanceAccount(requested, accounts, config)).toEqual(outcome);
  });
});

describe('migrationInstitution', () => {
  it.each([
    ['enabled, a sandbox routing number', true, 'ins_1', accepted('ins_1')],
    [
      'enabled, an unknown routing number',
      true,
      undefined,
      refused({ code: 'INVALID_INSTITUTION', routingNumber: '123' }),
    ],
    ['not enabled', false, 'ins_1', refused({ code: 'BANK_TRANSFER_MIGRATE_ACCOUNT_NOT_ENABLED' })],
    ['not enabled wins', false, undefined, refused({ code: 'BANK_TRANSFER_MIGRATE_ACCOUNT_NOT_ENABLED' })],
  ])('%s', (_name, enabled, institution, outcome) => {
    expect(migrationInstitution(enabled, '123', institution)).toEqual(outcome);
  });
});

describe('bankTransferRefusalError', () => {
  it.each<[BankTransferRefusal, string, string]>([
    [{ code: 'INVALID_BANK_TRANSFER_ID', bankTransferId: 'bt' }, 'INVALID_INPUT', 'bank_transfer_id does not name'],
    [
      { code: 'INVALID_ACCOUNT_ID', accountId: 'a' },
      'INVALID_INPUT',
      'account_id is not a checking or savings account of this item: a',
    ],
    [
      { code: 'ACCOUNT_NOT_SUPPORTED', account: CARD },
      'INVALID_INPUT',
      'the account behind processor_token is a credit card account',
    ],
    [
      { code: 'BANK_TRANSFER_INSUFFICIENT_FUNDS', amount: '20.00', transactableCents: 1000, originationAccountId: 'o' },
      'BANK_TRANSFER_ERROR',
      'amount 20.00 exceeds the transactable balance 10.00 of origination account o',
    ],
    [
      { code: 'BANK_TRANSFER_NOT_CANCELLABLE', bankTransferId: 'bt', status: 'posted' },
      'BANK_TRANSFER_ERROR',
      'bank transfer bt cannot be cancelled: cancellable is false (status posted)',
    ],
    [{ code: 'ORIGINATION_ACCOUNT_ID_REQUIRED' }, 'BANK_TRANSFER_ERROR', 'origination_account_id is required'],
    [
      { code: 'INVALID_ORIGINATION_ACCOUNT_ID', originationAccountId: 'o' },
      'INVALID_INPUT',
      'origination_account_id is not',
    ],
    [
      { code: 'BANK_TRANSFER_BALANCE_NOT_SUPPORTED', originationAccountId: 'o' },
      'BANK_TRANSFER_ERROR',
      'origination_account_id o is your own',
    ],
    [
      { code: 'BANK_TRANSFER_MIGRATE_ACCOUNT_NOT_ENABLED' },
      'BANK_TRANSFER_ERROR',
      '/bank_transfer/migrate_account is not enabled',
    ],
    [{ code: 'INVALID_INSTITUTION', routingNumber: '123' }, 'INVALID_INPUT', 'routing_number 123 is not'],
    [
      {
        code: 'SANDBOX_BANK_TRANSFER_EVENT_TRANSITION_INVALID',
        bankTransferId: 'bt',
        status: 'pending',
        eventType: 'reversed',
      },
      'SANDBOX_ERROR',
      'event_type reversed cannot be simulated on bank transfer bt in status pending; reversed needs status posted',
    ],
  ])('answers %j as its code, worded once', (refusal, type, start) => {
    const { init } = bankTransferRefusalError(refusal);
    expect(init).toMatchObject({ type, code: refusal.code });
    expect(init.message.startsWith(start)).toBe(true);
  });
});
