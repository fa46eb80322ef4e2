import { describe, expect, it } from 'vitest';
import { transferRefusalError } from '../../../src/features/transfers/errors.js';
import {
  type AuthorizationFactsForUse,
  authorizationMismatch,
  cancelRefusal,
  type TransferRefusal,
  usableAuthorization,
} from '../../../src/features/transfers/rules.js';

const AUTHORIZED: AuthorizationFactsForUse = {
  authorization_id: 'auth-1',
  item_id: 'item-1',
  decision: 'approved',
  decision_rationale: null,
  transfer_id: null,
  account_id: 'acc-1',
  type: 'debit',
  network: 'ach',
  ach_class: 'ppd',
  amount: '12.34',
  origination_account_id: 'orig-1',
};

describe('usableAuthorization', () => {
  const cases: [string, AuthorizationFactsForUse | undefined, string, TransferRefusal | null][] = [
    ['an authorization of the Item, approved and unused', AUTHORIZED, 'item-1', null],
    ['a permitted one', { ...AUTHORIZED, decision: 'permitted', decision_rationale: 'ERROR' }, 'item-1', null],
    ['none', undefined, 'item-1', { code: 'INVALID_AUTHORIZATION_ID', authorizationId: 'asked-for' }],
    [
      'a declined one',
      { ...AUTHORIZED, decision: 'declined', decision_rationale: 'NSF' },
      'item-1',
      { code: 'TRANSFER_AUTHORIZATION_DECLINED', authorizationId: 'auth-1', rationale: 'NSF' },
    ],
    [
      'a used one',
      { ...AUTHORIZED, transfer_id: 'tr-1' },
      'item-1',
      { code: 'TRANSFER_AUTHORIZATION_ALREADY_USED', authorizationId: 'auth-1', transferId: 'tr-1' },
    ],
    [
      'one of another Item',
      AUTHORIZED,
      'item-2',
      {
        code: 'TRANSFER_AUTHORIZATION_MISMATCH',
        authorizationId: 'auth-1',
        field: 'access_token',
        given: 'item-2',
        authorized: 'item-1',
      },
    ],
    [
      'declined wins over used and another Item',
      { ...AUTHORIZED, decision: 'declined', decision_rationale: 'RISK', transfer_id: 'tr-1' },
      'item-2',
      { code: 'TRANSFER_AUTHORIZATION_DECLINED', authorizationId: 'auth-1', rationale: 'RISK' },
    ],
    [
      'used wins over another Item',
      { ...AUTHORIZED, transfer_id: 'tr-1' },
      'item-2',
      { code: 'TRANSFER_AUTHORIZATION_ALREADY_USED', authorizationId: 'auth-1', transferId: 'tr-1' },
    ],
  ];

  it.each(cases)('%s', (_name, authorization, itemId, refusal) => {
    const outcome = usableAuthorization('asked-for', authorization, itemId);
    expect(outcome).toEqual(refusal ? { ok: false, refusal } : { ok: true, value: authorization });
  });
});

describe('authorizationMismatch', () => {
  const { account_id, type, network, ach_class, amount, origination_account_id } = AUTHORIZED;
  const requested = { account_id, type, network, ach_class, amount, origination_account_id };

  it('accepts the authorized values', () => {
    expect(authorizationMismatch(requested, AUTHORIZED)).toBeNull();
  });

  it.each([
    ['account_id', 'acc-2'],
    ['type', 'credit'],
    ['network', 'same-day-ach'],
    ['ach_class', 'web'],
    ['amount', '12.35'],
    ['origination_account_id', 'orig-2'],
  ] as const)('names %s when it differs', (field, given) => {
    expect(authorizationMismatch({ ...requested, [field]: given }, AUTHORIZED)).toEqual({
      code: 'TRANSFER_AUTHORIZATION_MISMATCH',
      authorizationId: 'auth-1',
      field,
      given,
      authorized: AUTHORIZED[field],
    });
  });

  it('names the first differing field in the order of the request', () => {
    expect(authorizationMismatch({ ...requested, amount: '1.00', type: 'credit' }, AUTHORIZED)).toMatchObject({
      field: 'type',
    });
  });
});

describe('cancelRefusal', () => {
  it.each([
    ['a pending cancellable transfer', { status: 'pending', cancellable: 1 }, null],
    ['none', undefined, { code: 'INVALID_TRANSFER_ID', transferId: 'tr-1' }],
    [
      'a pending transfer no longer cancellable',
      { status: 'pending', cancellable: 0 },
      { code: 'TRANSFER_NOT_CANCELLABLE', transferId: 'tr-1', status: 'pending' },
    ],
    [
      'a posted transfer',
      { status: 'posted', cancellable: 0 },
      { code: 'TRANSFER_NOT_CANCELLABLE', transferId: 'tr-1', status: 'posted' },
    ],
    [
      'a cancelled transfer whose flag says cancellable',
      { status: 'cancelled', cancellable: 1 },
      { code: 'TRANSFER_NOT_CANCELLABLE', transferId: 'tr-1', status: 'cancelled' },
    ],
  ] as const)('%s', (_name, current, refusal) => {
    expect(cancelRefusal('tr-1', current)).toEqual(refusal);
  });
});

describe('transferRefusalError', () => {
  it.each<[TransferRefusal, string, string]>([
    [{ code: 'INVALID_AUTHORIZATION_ID', authorizationId: 'a' }, 'INVALID_INPUT', 'authorization_id does not name'],
    [{ code: 'INVALID_TRANSFER_ID', transferId: 't' }, 'INVALID_INPUT', 'transfer_id does not name'],
    [
      { code: 'TRANSFER_AUTHORIZATION_DECLINED', authorizationId: 'a', rationale: 'NSF' },
      'TRANSFER_ERROR',
      'authorization_id a was declined (NSF)',
    ],
    [
      { code: 'TRANSFER_AUTHORIZATION_ALREADY_USED', authorizationId: 'a', transferId: null },
      'TRANSFER_ERROR',
      'authorization_id a was already used for transfer (another request)',
    ],
    [
      {
        code: 'TRANSFER_AUTHORIZATION_MISMATCH',
        authorizationId: 'a',
        field: 'amount',
        given: '1.00',
        authorized: '2.00',
      },
      'TRANSFER_ERROR',
      'amount 1.00 does not equal the amount 2.00 of authorization a',
    ],
    [
      { code: 'TRANSFER_NOT_CANCELLABLE', transferId: 't', status: 'posted' },
      'TRANSFER_ERROR',
      'transfer_id t cannot be cancelled: its status is posted',
    ],
  ])('answers %j as its code, worded once', (refusal, type, start) => {
    const { init } = transferRefusalError(refusal);
    expect(init).toMatchObject({ type, code: refusal.code });
    expect(init.message.startsWith(start)).toBe(true);
  });

  it('never puts an access token in the message of an Item mismatch', () => {
    const { init } = transferRefusalError({
      code: 'TRANSFER_AUTHORIZATION_MISMATCH',
      authorizationId: 'a',
      field: 'access_token',
      given: 'item-2',
      authorized: 'item-1',
    });
    expect(init.message).toBe('access_token names Item item-2, not Item item-1 that authorization a was made for');
  });
});
