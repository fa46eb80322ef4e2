/**
 * Return risk scores of a proposed ACH debit, computed from the request and the account alone, so
 * the same inputs always give the same scores.
 *
 * - Bank-initiated risk (insufficient funds, closed account) grows with the share of the available
 *   balance the debit takes, and past 100 % with how far it exceeds it; a history of overdrafts
 *   adds to it.
 * - Customer-initiated risk (unauthorized debits) starts at 30: a present user lowers it, a debit
 *   without the user raises it; each known detail of the user and the device lowers it; a young
 *   connection and a large amount raise it.
 */
import type { components } from '@svc/spec/types';

type Schemas = components['schemas'];

/** Everything the scores are computed from. */
export interface SignalInput {
  amount: number;
  /** The account's available balance (its current balance when the institution gives no available one). */
  available: number;
  current: number;
  subtype: string;
  userPresent: boolean | null | undefined;
  user: Schemas['SignalUser'] | undefined;
  device: Schemas['SignalDevice'] | undefined;
  /** Whole days since the Item was connected. */
  daysSinceFirstConnection: number;
  /** Overdrafts and NSF returns of the account in the last 30 days. */
  nsfOverdraftCount30d: number;
  /** Credits to the account in the last 30 days, or null when unknown. */
  totalCreditAmount30d: number | null;
}

/** The scores and core attributes of an evaluation. */
export interface SignalResult {
  scores: Schemas['SignalScores'];
  core_attributes: Record<string, number | string | boolean | null>;
}

/** A score clamped to 1..99. */
function clampScore(value: number): number {
  return Math.min(99, Math.max(1, Math.round(value)));
}

/** The risk tier of a score: 1..20 → 1, 21..40 → 2, 41..60 → 3, 61..80 → 4, 81..99 → 5. */
export function riskTier(score: number): number {
  return Math.min(5, Math.floor((score - 1) / 20) + 1);
}

/** Bank-initiated return risk. */
export function bankInitiatedScore(input: Pick<SignalInput, 'amount' | 'available' | 'nsfOverdraftCount30d'>): number {
  const share = input.available > 0 ? input.amount / input.available : Number.POSITIVE_INFINITY;
  const withinBalance = 5 + 60 * Math.min(share, 1);
  const beyondBalance = share > 1 ? Math.min(30, 15 + 15 * Math.min(share - 1, 1)) : 0;
  return clampScore(withinBalance + beyondBalance + 5 * input.nsfOverdraftCount30d);
}

/** Customer-initiated return risk. */
export function customerInitiatedScore(
  input: Pick<SignalInput, 'amount' | 'userPresent' | 'user' | 'device' | 'daysSinceFirstConnection'>,
): number {
  let score = 30;
  if (input.userPresent === true) {
    score -= 12;
  } else if (input.userPresent === false) {
    score += 6;
  }
  const user = input.user ?? {};
  score -=
    3 * [user.name, user.phone_number, user.email_address, user.address].filter((value) => value !== undefined).length;
  const device = input.device ?? {};
  score -= 2 * [device.ip_address, device.user_agent].filter((value) => value !== undefined).length;
  if (input.daysSinceFirstConnection < 7) {
    score += 15;
  } else if (input.daysSinceFirstConnection < 30) {
    score += 8;
  }
  score += Math.min(20, input.amount / 250);
  return clampScore(score);
}

/** The scores and core attributes of a proposed debit. */
export function evaluateSignal(input: SignalInput): SignalResult {
  const bank = bankInitiatedScore(input);
  const customer = customerInitiatedScore(input);
  return {
    scores: {
      customer_initiated_return_risk: { score: customer, risk_tier: riskTier(customer) },
      bank_initiated_return_risk: { score: bank, risk_tier: riskTier(bank) },
    },
    core_attributes: {
      days_since_first_connection: input.daysSinceFirstConnection,
      is_savings_or_money_market_account: input.subtype === 'savings' || input.subtype === 'money market',
      nsf_overdraft_transactions_count_30d: input.nsfOverdraftCount30d,
      unauthorized_transactions_count_90d: 0,
      available_balance: input.available,
      current_balance: input.current,
      total_credit_transactions_amount_30d: input.totalCreditAmount30d,
    },
  };
}
