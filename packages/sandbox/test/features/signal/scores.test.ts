import { describe, expect, it } from 'vitest';
import { accountFacts, wholeDaysBetween } from '../../../src/features/signal/account-facts.js';
import {
  bankInitiatedScore,
  customerInitiatedScore,
  evaluateSignal,
  riskTier,
  type SignalInput,
} from '../../../src/features/signal/scores.js';
import { TEST_USERS } from '../../../src/features/world/index.js';

const INPUT: SignalInput = {
  amount: 25,
  available: 100,
  current: 110,
  subtype: 'checking',
  userPresent: undefined,
  user: undefined,
  device: undefined,
  daysSinceFirstConnection: 60,
  nsfOverdraftCount30d: 0,
  totalCreditAmount30d: 500,
};

describe('riskTier', () => {
  it.each([
    [1, 1],
    [20, 1],
    [21, 2],
    [40, 2],
    [41, 3],
    [61, 4],
    [80, 4],
    [81, 5],
    [99, 5],
  ])('score %i is tier %i', (score, tier) => {
    expect(riskTier(score)).toBe(tier);
  });
});

describe('bankInitiatedScore', () => {
  it('grows with the share of the available balance the debit takes, and jumps past it', () => {
    const scores = [1, 25, 50, 100, 101, 200, 1000].map((amount) => bankInitiatedScore({ ...INPUT, amount }));
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    expect(riskTier(bankInitiatedScore({ ...INPUT, amount: 101 }))).toBeGreaterThanOrEqual(4);
    expect(riskTier(bankInitiatedScore({ ...INPUT, amount: 5 }))).toBe(1);
  });
  it('is highest for an empty account and rises with overdrafts', () => {
    expect(bankInitiatedScore({ ...INPUT, available: 0 })).toBe(95);
    expect(bankInitiatedScore({ ...INPUT, nsfOverdraftCount30d: 2 })).toBeGreaterThan(bankInitiatedScore(INPUT));
  });
});

describe('customerInitiatedScore', () => {
  it('is lower with the user present and each known detail, higher without the user or on a young connection', () => {
    const base = customerInitiatedScore(INPUT);
    expect(customerInitiatedScore({ ...INPUT, userPresent: true })).toBeLessThan(base);
    expect(customerInitiatedScore({ ...INPUT, userPresent: false })).toBeGreaterThan(base);
    expect(customerInitiatedScore({ ...INPUT, user: { name: 'A', email_address: 'a@example.com' } })).toBe(base - 6);
    expect(customerInitiatedScore({ ...INPUT, device: { ip_address: '203.0.113.42' } })).toBe(base - 2);
    expect(customerInitiatedScore({ ...INPUT, daysSinceFirstConnection: 2 })).toBe(base + 15);
  });
  it('stays within 1..99', () => {
    const lowest = customerInitiatedScore({
      ...INPUT,
      amount: 0.01,
      userPresent: true,
      user: {
        name: 'A',
        phone_number: '+11112223333',
        email_address: 'a@example.com',
        address: { street: null, city: null, region: null, postal_code: null, country: null },
      },
      device: { ip_address: '203.0.113.42', user_agent: 'x' },
    });
    expect(lowest).toBeGreaterThanOrEqual(1);
    expect(
      customerInitiatedScore({ ...INPUT, amount: 1e9, userPresent: false, daysSinceFirstConnection: 0 }),
    ).toBeLessThanOrEqual(99);
  });
});

describe('evaluateSignal', () => {
  it('is deterministic and reports the facts it used', () => {
    const result = evaluateSignal(INPUT);
    expect(evaluateSignal({ ...INPUT })).toEqual(result);
    expect(result.core_attributes).toMatchObject({
      days_since_first_connection: 60,
      is_savings_or_money_market_account: false,
      available_balance: 100,
      total_credit_transactions_amount_30d: 500,
    });
    expect(evaluateSignal({ ...INPUT, subtype: 'savings' }).core_attributes.is_savings_or_money_market_account).toBe(
      true,
    );
  });
});

describe('accountFacts', () => {
  const good = TEST_USERS.find((user) => user.behaviour === 'good');
  const zero = TEST_USERS.find((user) => user.behaviour === 'zero_balance');
  it('sums the posted credits of the account in the last 30 days', () => {
    const history = [
      { account_id: 'a', amount: -100, date: '2026-11-01', pending: false },
      { account_id: 'a', amount: -50, date: '2026-10-03', pending: false },
      { account_id: 'a', amount: -70, date: '2026-10-02', pending: false },
      { account_id: 'a', amount: -5, date: '2026-11-01', pending: true },
      { account_id: 'a', amount: 20, date: '2026-11-01', pending: false },
      { account_id: 'b', amount: -30, date: '2026-11-01', pending: false },
    ];
    if (!good || !zero) {
      throw new Error('test users missing');
    }
    expect(accountFacts(history, 'a', '2026-11-01', good)).toEqual({
      nsfOverdraftCount30d: 0,
      totalCreditAmount30d: 150,
    });
    expect(accountFacts(history, 'a', '2026-11-01', zero).nsfOverdraftCount30d).toBe(2);
  });
  it('counts whole days since the connection', () => {
    expect(wholeDaysBetween('2026-11-01T10:00:00.000Z', new Date('2026-11-03T09:59:59.000Z'))).toBe(1);
    expect(wholeDaysBetween('2026-11-01T10:00:00.000Z', new Date('2026-10-01T00:00:00.000Z'))).toBe(0);
  });
});
