import { describe, expect, it } from 'vitest';
import { liabilitiesOf } from '../../../src/features/account-data/liabilities.js';
import { CANONICAL_OWNER, ownersOf } from '../../../src/features/account-data/owners.js';
import { TEST_USERS } from '../../../src/features/world/index.js';

const userOf = (behaviour: string) => {
  const user = TEST_USERS.find((entry) => entry.behaviour === behaviour);
  if (!user) {
    throw new Error(`no test user ${behaviour}`);
  }
  return user;
};

describe('owners', () => {
  it('reports the canonical account holder with contact details on a checking account', () => {
    expect(ownersOf({ subtype: 'checking' }, userOf('good'))).toEqual([CANONICAL_OWNER]);
    expect(CANONICAL_OWNER.names).toEqual(['Alberta Bobbeth Charleson']);
  });

  it.each([
    ['the savings account', 'savings', 'good'],
    ['every account of the owners-unavailable user', 'checking', 'owners_unavailable'],
  ])('reports names only for %s', (_name, subtype, behaviour) => {
    expect(ownersOf({ subtype }, userOf(behaviour))).toEqual([
      { names: ['Alberta Bobbeth Charleson'], phone_numbers: [], emails: [], addresses: [] },
    ]);
  });
});

describe('liabilitiesOf', () => {
  const accounts = [
    { account_id: 'card', type: 'credit', subtype: 'credit card', current: 410 },
    { account_id: 'paypal', type: 'credit', subtype: 'paypal', current: 20 },
    { account_id: 'student', type: 'loan', subtype: 'student', current: 65262 },
    { account_id: 'mortgage', type: 'loan', subtype: 'mortgage', current: 56302.06 },
    { account_id: 'checking', type: 'depository', subtype: 'checking', current: 110 },
    { account_id: 'auto', type: 'loan', subtype: 'auto', current: 9000 },
  ];

  it('details credit cards and PayPal, student loans and mortgages, and skips the rest', () => {
    const liabilities = liabilitiesOf(accounts, '2026-11-20');
    expect(liabilities.credit.map((entry) => entry.account_id)).toEqual(['card', 'paypal']);
    expect(liabilities.student.map((entry) => entry.account_id)).toEqual(['student']);
    expect(liabilities.mortgage.map((entry) => entry.account_id)).toEqual(['mortgage']);
  });

  it('dates statements and payments from the anchor day', () => {
    const { credit, mortgage } = liabilitiesOf(accounts, '2026-11-20');
    expect(credit[0]).toMatchObject({
      last_statement_issue_date: '2026-11-01',
      last_payment_date: '2026-10-27',
      next_payment_due_date: '2026-11-28',
    });
    expect(credit[0]?.aprs.find((apr) => apr.apr_type === 'purchase_apr')?.balance_subject_to_apr).toBe(410);
    expect(mortgage[0]).toMatchObject({ last_payment_date: '2026-11-01', next_payment_due_date: '2026-12-01' });
  });

  it('always has the three arrays', () => {
    expect(liabilitiesOf([], '2026-11-20')).toEqual({ credit: [], mortgage: [], student: [] });
  });
});
