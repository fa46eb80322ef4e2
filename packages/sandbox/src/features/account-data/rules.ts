/**
 * The rules of the account-data reads, as pure functions over what was read: each returns the
 * refusal that applies, or null when the read may go on. The operations raise a refusal through
 * `accountDataRefusalError` (errors.ts), the one place its wording lives.
 */
import { isAuthAccount, isLiabilityAccount } from '../items/index.js';

/** Why a product's data is not ready. */
export type NotReady =
  /** The first extraction runs and ends at `readyAt`. */
  | { product: 'investments'; readyAt: string }
  /** The product was not an initial product and its first extraction was never started. */
  | { product: 'transactions'; readyAt: null };

/** A refusal of an account-data read: its error code and what the message names. */
export type AccountDataRefusal =
  | { code: 'NO_AUTH_ACCOUNTS' }
  | { code: 'NO_LIABILITY_ACCOUNTS' }
  /** `selectedByIds`: the request narrowed the accounts with `options.account_ids`. */
  | { code: 'NO_INVESTMENT_ACCOUNTS'; selectedByIds: boolean }
  | { code: 'PRODUCT_NOT_READY'; notReady: NotReady };

type CoveredAccount = Parameters<typeof isAuthAccount>[0];

/** Whether the Item can answer auth: it has a checking or savings account (opened with the Item). */
export function authCoverageRefusal(
  accounts: readonly CoveredAccount[],
  itemCreatedAt: string,
): AccountDataRefusal | null {
  return accounts.some((account) => isAuthAccount(account, itemCreatedAt)) ? null : { code: 'NO_AUTH_ACCOUNTS' };
}

/** Whether the Item can answer liabilities: it has a credit card, paypal, student loan or mortgage account. */
export function liabilityCoverageRefusal(accounts: readonly CoveredAccount[]): AccountDataRefusal | null {
  return accounts.some(isLiabilityAccount) ? null : { code: 'NO_LIABILITY_ACCOUNTS' };
}

/** Whether investments can be read: the selection holds an investment account. */
export function investmentSelectionRefusal(
  selectedInvestmentAccounts: number,
  selectedByIds: boolean,
): AccountDataRefusal | null {
  return selectedInvestmentAccounts > 0 ? null : { code: 'NO_INVESTMENT_ACCOUNTS', selectedByIds };
}

/**
 * Whether investment data is extracted at `now` (ISO): its first extraction (`readyAt`, null
 * when none was started) has ended.
 */
export function investmentsReadyRefusal(readyAt: string | null, now: string): AccountDataRefusal | null {
  return readyAt !== null && readyAt <= now
    ? null
    : { code: 'PRODUCT_NOT_READY', notReady: { product: 'investments', readyAt: readyAt ?? now } };
}
