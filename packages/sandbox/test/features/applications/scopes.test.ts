import type { components } from '@svc/spec/types';
import { describe, expect, it } from 'vitest';
import { oldestFirst, seededApplications } from '../../../src/features/applications/applications.js';
import { defaultScopes, isEligible, scopesProblem } from '../../../src/features/applications/scopes.js';

type Requested = components['schemas']['ConnectedApplicationRequestedScopes'];
type Scopes = components['schemas']['ApplicationScopes'];

const SINGLE: Requested = {
  required_product_access: { statements: false, identity: false, auth: true, transactions: true },
  optional_product_access: { statements: false, identity: true, auth: false, transactions: false },
  account_filters: { depository: ['checking', 'savings'], credit: [], loan: [], investment: [] },
  account_selection_cardinality: 'SINGLE_SELECT',
};
const MULTI: Requested = { ...SINGLE, account_selection_cardinality: 'MULTI_SELECT' };
const ACCOUNTS = [
  { account_id: 'chk', type: 'depository', subtype: 'checking' },
  { account_id: 'sav', type: 'depository', subtype: 'savings' },
  { account_id: 'cc', type: 'credit', subtype: 'credit card' },
];
const PRODUCTS = { statements: false, identity: false, auth: true, transactions: true };

function scopes(accounts: Scopes['accounts'], product_access = PRODUCTS): Scopes {
  return { product_access, accounts, new_accounts: false };
}

describe('defaultScopes', () => {
  it('grants the required products and lists the eligible accounts, the first authorized for SINGLE_SELECT', () => {
    expect(defaultScopes(SINGLE, ACCOUNTS)).toEqual(
      scopes([
        { unique_id: 'chk', authorized: true },
        { unique_id: 'sav', authorized: false },
      ]),
    );
  });
  it('authorizes every eligible account otherwise', () => {
    expect(defaultScopes(MULTI, ACCOUNTS).accounts.every((entry) => entry.authorized)).toBe(true);
  });
});

describe('isEligible', () => {
  it.each([
    [{ type: 'depository', subtype: 'checking' }, true],
    [{ type: 'credit', subtype: 'credit card' }, false],
    [{ type: 'other', subtype: 'other' }, false],
  ])('%o → %s', (account, eligible) => {
    expect(isEligible(SINGLE, account)).toBe(eligible);
  });
});

describe('scopesProblem', () => {
  it.each<[string, Requested, Scopes, string | undefined, RegExp | undefined]>([
    ['valid scopes', SINGLE, scopes([{ unique_id: 'sav', authorized: true }]), undefined, undefined],
    ['no accounts at all', SINGLE, scopes([]), undefined, undefined],
    ['an optional product granted', SINGLE, scopes([], { ...PRODUCTS, identity: true }), undefined, undefined],
    [
      'a product not requested',
      SINGLE,
      scopes([], { ...PRODUCTS, statements: true }),
      'INVALID_SCOPES',
      /statements cannot be true: application app did not request statements/,
    ],
    [
      'two accounts for SINGLE_SELECT',
      SINGLE,
      scopes([
        { unique_id: 'chk', authorized: true },
        { unique_id: 'sav', authorized: true },
      ]),
      'INVALID_SCOPES',
      /authorizes 2 accounts but application app allows one/,
    ],
    [
      'two accounts for MULTI_SELECT',
      MULTI,
      scopes([
        { unique_id: 'chk', authorized: true },
        { unique_id: 'sav', authorized: true },
      ]),
      undefined,
      undefined,
    ],
    [
      'an account the filters exclude, authorized',
      MULTI,
      scopes([{ unique_id: 'cc', authorized: true }]),
      'INVALID_SCOPES',
      /authorizes cc, a credit credit card account/,
    ],
    [
      'an account the filters exclude, not authorized',
      MULTI,
      scopes([{ unique_id: 'cc', authorized: false }]),
      undefined,
      undefined,
    ],
    [
      'an unknown account',
      SINGLE,
      scopes([{ unique_id: 'xyz', authorized: false }]),
      'INVALID_ACCOUNT_ID',
      /scopes.accounts\[0\].unique_id .*: xyz/,
    ],
    [
      'an account listed twice',
      SINGLE,
      scopes([
        { unique_id: 'chk', authorized: false },
        { unique_id: 'chk', authorized: true },
      ]),
      'INVALID_FIELD',
      /lists unique_id chk more than once/,
    ],
  ])('%s', (_name, requested, given, code, message) => {
    const problem = scopesProblem('app', requested, ACCOUNTS, given);
    expect(problem?.code).toBe(code);
    if (message) {
      expect(problem?.message).toMatch(message);
    }
  });
});

describe('oldestFirst', () => {
  it('orders by created_at, then application_id', () => {
    const rows = [
      { created_at: '2026-11-10', application_id: 'b' },
      { created_at: '2026-11-03', application_id: 'z' },
      { created_at: '2026-11-10', application_id: 'a' },
    ];
    expect(oldestFirst(rows).map((row) => row.application_id)).toEqual(['z', 'a', 'b']);
  });
  it('seeds the canonical application connected to Items, and one connected to none', () => {
    expect(seededApplications().map((row) => [row.application_id, row.connected_to_items])).toEqual([
      ['app_9Zk3Qw7Lm2Pd4Xr8Vt6Ny1Bc', 1],
      ['app_7Tq4Mn8Zx2Lr5Wk9Hd3Pv6Sb', 0],
    ]);
  });
});
