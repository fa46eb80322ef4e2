/**
 * Which accounts each account-data product covers: auth (checking and savings accounts that
 * existed when the Item was created), liabilities (credit cards, PayPal, student loans,
 * mortgages), investments (investment accounts), transactions (depository and credit accounts).
 */

/** What coverage needs to know about an account. */
export interface CoveredAccount {
  type: string;
  subtype: string;
  created_at: string;
}

/** Whether the account is a checking or savings account (the accounts that carry account numbers). */
export function isCheckingOrSavings(account: Pick<CoveredAccount, 'type' | 'subtype'>): boolean {
  return account.type === 'depository' && (account.subtype === 'checking' || account.subtype === 'savings');
}

/**
 * Auth coverage (rule 1): checking and savings accounts only, and none opened after the Item was
 * created (`created_at` later than the Item's).
 */
export function isAuthAccount(account: CoveredAccount, itemCreatedAt: string): boolean {
  return isCheckingOrSavings(account) && account.created_at <= itemCreatedAt;
}

const LIABILITY_SUBTYPES: Readonly<Record<string, readonly string[]>> = {
  credit: ['credit card', 'paypal'],
  loan: ['student', 'mortgage'],
};

/** Liabilities coverage (rule 2): type `credit` with subtype `credit card` or `paypal`, type `loan` with `student` or `mortgage`. */
export function isLiabilityAccount(account: Pick<CoveredAccount, 'type' | 'subtype'>): boolean {
  return LIABILITY_SUBTYPES[account.type]?.includes(account.subtype) ?? false;
}

/** Investments coverage: accounts of type `investment`. */
export function isInvestmentAccount(account: Pick<CoveredAccount, 'type'>): boolean {
  return account.type === 'investment';
}

/** Transactions coverage: depository and credit accounts (loans and investments have none). */
export function hasTransactions(account: Pick<CoveredAccount, 'type'>): boolean {
  return account.type === 'depository' || account.type === 'credit';
}

/** A readable name of an account kind for messages: `credit card`, `student loan`, `checking`. */
export function kindName(account: Pick<CoveredAccount, 'type' | 'subtype'>): string {
  return account.type === 'loan' ? `${account.subtype} loan` : account.subtype;
}
