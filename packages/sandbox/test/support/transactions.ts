/**
 * Reading an Item's transactions in the account-data tests: a date range holding every
 * transaction the sandbox generates around the harness's clock, and all of them in one page.
 */
import { expect } from 'vitest';
import type { TestSandbox } from './harness.js';

/** A date range holding every transaction a test Item has. */
export const YEAR = { start_date: '2025-01-01', end_date: '2026-12-31' };

/** Every transaction of the Item of `token` in {@link YEAR}, from one page (which must hold them all). */
export async function allTransactions(sandbox: TestSandbox, token: string) {
  const reply = await sandbox.ok('transactionsGet', { access_token: token, ...YEAR, options: { count: 500 } });
  expect(reply.transactions.length).toBe(reply.total_transactions);
  return reply.transactions;
}
