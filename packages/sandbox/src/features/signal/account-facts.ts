/**
 * The facts about an account's recent activity that signal scores use, read from the Item's
 * generated transaction history and its test user.
 */

import type { Transaction } from '../account-data/index.js';
import { addDays } from '../items/index.js';
import type { TestUser } from '../world/index.js';

/** Recent activity of one account. */
export interface AccountFacts {
  nsfOverdraftCount30d: number;
  totalCreditAmount30d: number;
}

/**
 * Overdrafts in the last 30 days (two for an account of the zero-balance test user, which has run
 * dry; none otherwise) and the money credited to the account in the 30 days up to `today`
 * (posted transactions with a negative amount).
 */
export function accountFacts(
  history: readonly Pick<Transaction, 'account_id' | 'amount' | 'date' | 'pending'>[],
  accountId: string,
  today: string,
  user: TestUser,
): AccountFacts {
  const since = addDays(today, -29);
  const credits = history
    .filter((entry) => entry.account_id === accountId && !entry.pending && entry.amount < 0)
    .filter((entry) => entry.date >= since && entry.date <= today)
    .reduce((sum, entry) => sum - entry.amount, 0);
  return {
    nsfOverdraftCount30d: user.behaviour === 'zero_balance' ? 2 : 0,
    totalCreditAmount30d: Math.round(credits * 100) / 100,
  };
}

/** Whole days from `from` to `to` (0 when `to` is earlier). */
export function wholeDaysBetween(from: string, to: Date): number {
  return Math.max(0, Math.floor((to.getTime() - Date.parse(from)) / 86_400_000));
}
