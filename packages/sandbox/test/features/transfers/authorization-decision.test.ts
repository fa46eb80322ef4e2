import { describe, expect, it } from 'vitest';
import {
  type AuthorizationFacts,
  type AuthorizationOutcome,
  decideAuthorization,
} from '../../../src/features/transfers/authorization-decision.js';

const cases: [string, AuthorizationFacts, AuthorizationOutcome][] = [
  [
    'amount below the available balance',
    { behaviour: 'good', availableCents: 10_000, amountCents: 1_234 },
    { decision: 'approved', rationale: null },
  ],
  [
    'amount equal to the available balance',
    { behaviour: 'good', availableCents: 10_000, amountCents: 10_000 },
    { decision: 'approved', rationale: null },
  ],
  [
    'amount one cent above the available balance',
    { behaviour: 'good', availableCents: 10_000, amountCents: 10_001 },
    { decision: 'declined', rationale: 'NSF' },
  ],
  [
    'available balance exactly zero',
    { behaviour: 'zero_balance', availableCents: 0, amountCents: 1 },
    { decision: 'declined', rationale: 'RISK' },
  ],
  [
    'zero balance wins over NSF',
    { behaviour: 'good', availableCents: 0, amountCents: 5_000 },
    { decision: 'declined', rationale: 'RISK' },
  ],
  [
    'negative available balance',
    { behaviour: 'good', availableCents: -100, amountCents: 1 },
    { decision: 'declined', rationale: 'NSF' },
  ],
  [
    'available balance null',
    { behaviour: 'good', availableCents: null, amountCents: 1 },
    { decision: 'permitted', rationale: 'ERROR' },
  ],
  [
    'micro-deposits Item, whatever the balance',
    { behaviour: 'micro_deposits', availableCents: 0, amountCents: 1 },
    { decision: 'permitted', rationale: 'MANUALLY_VERIFIED_ITEM' },
  ],
  [
    'login reset Item, whatever the balance',
    { behaviour: 'login_reset', availableCents: 0, amountCents: 99_999 },
    { decision: 'permitted', rationale: 'LOGIN_REQUIRED' },
  ],
  [
    'another test user',
    { behaviour: 'other', availableCents: 10_000, amountCents: 1 },
    { decision: 'permitted', rationale: 'ERROR' },
  ],
  [
    'owners-unavailable user is another pair',
    { behaviour: 'owners_unavailable', availableCents: 0, amountCents: 1 },
    { decision: 'permitted', rationale: 'ERROR' },
  ],
];

describe('decideAuthorization (sandbox rules, first match wins)', () => {
  it.each(cases)('%s', (_name, facts, outcome) => {
    expect(decideAuthorization(facts)).toEqual(outcome);
  });
});
