/**
 * Generating an asset report: a snapshot of the accounts of one or more Items, with their owners,
 * balances, end-of-day balance history and transactions over the requested number of days.
 * Transactions are the ones `/transactions/get` serves (the Item's stored transactions, or its
 * generated history before their first extraction), so the report and the account data tell the
 * same story. Items of the `user_owners_unavailable`
 * test user come without owners, with an `OWNERS_UNAVAILABLE` warning.
 */

import { createApiError } from '@svc/server-kit';
import type { components } from '@svc/spec/types';
import { ownersOf, type Transaction, transactionHistory } from '../account-data/index.js';
import type { AccountsTable } from '../items/index.js';
import { addDays, isoDate } from '../items/index.js';
import { testUserOf } from '../world/index.js';

type Schemas = components['schemas'];

/** One Item the report covers, as stored. */
export interface ReportSource {
  item: { item_id: string; institution_id: string; test_user: string; created_at: string };
  institutionName: string;
  /** The Item's accounts, in their order. */
  accounts: readonly AccountsTable[];
  /**
   * The Item's transactions as stored since their first extraction (oldest first; refreshes
   * included), or undefined before it: then the Item's generated history is used.
   */
  transactions?: readonly Transaction[];
}

/** Input of {@link buildAssetReport}. */
export interface BuildReportInput {
  sources: readonly ReportSource[];
  daysRequested: number;
  generatedAt: Date;
}

/** The generated content of a report. */
export interface GeneratedReport {
  items: Schemas['AssetReportItem'][];
  warnings: Schemas['AssetReportWarning'][];
}

/** The report's items and warnings, deterministic for the same Items, period and time. */
export function buildAssetReport(input: BuildReportInput): GeneratedReport {
  const generatedAt = input.generatedAt.toISOString();
  const lastDay = isoDate(input.generatedAt);
  const firstDay = addDays(lastDay, 1 - input.daysRequested);
  const items: Schemas['AssetReportItem'][] = [];
  const warnings: Schemas['AssetReportWarning'][] = [];
  for (const source of input.sources) {
    const user = testUserOf(source.item.test_user);
    const ownersUnavailable = user.behaviour === 'owners_unavailable';
    const history =
      source.transactions ?? transactionHistory(source.item.item_id, source.accounts, isoDate(source.item.created_at));
    const inPeriod = history.filter((transaction) => transaction.date >= firstDay && transaction.date <= lastDay);
    items.push({
      item_id: source.item.item_id,
      institution_name: source.institutionName,
      institution_id: source.item.institution_id,
      date_last_updated: generatedAt,
      accounts: source.accounts.map((account) => {
        const transactions = newestFirst(
          inPeriod.filter((transaction) => transaction.account_id === account.account_id),
        );
        return {
          account_id: account.account_id,
          balances: {
            available: account.available,
            current: account.current,
            limit: account.limit_amount,
            iso_currency_code: account.iso_currency_code,
            unofficial_currency_code: null,
            last_updated_datetime: generatedAt,
          },
          mask: account.mask,
          name: account.name,
          official_name: account.official_name,
          type: account.type,
          subtype: account.subtype,
          owners: ownersUnavailable ? [] : ownersOf(account, user),
          verification_status: account.verification_status,
          days_available: input.daysRequested,
          transactions: transactions.map(reportTransaction),
          historical_balances: historicalBalances(account, transactions, firstDay, lastDay),
        };
      }),
    });
    if (ownersUnavailable) {
      warnings.push(ownersUnavailableWarning(source.item.item_id));
    }
  }
  return { items, warnings };
}

/** Transactions newest first; among one date, the one found last first. */
function newestFirst(transactions: readonly Transaction[]): Transaction[] {
  return transactions
    .map((transaction, index) => ({ transaction, index }))
    .sort((a, b) =>
      a.transaction.date === b.transaction.date ? b.index - a.index : a.transaction.date < b.transaction.date ? 1 : -1,
    )
    .map((entry) => entry.transaction);
}

/** The kind of a transaction in an asset report, from its payment channel. */
const TRANSACTION_TYPES: Record<Transaction['payment_channel'], string> = {
  online: 'digital',
  'in store': 'place',
  other: 'special',
};

/** A transaction of the account data as an asset report transaction. */
export function reportTransaction(transaction: Transaction): Schemas['AssetReportTransaction'] {
  return {
    transaction_type: TRANSACTION_TYPES[transaction.payment_channel],
    pending_transaction_id: transaction.pending_transaction_id,
    category_id: transaction.category_id,
    category: transaction.category ?? [],
    location: { ...transaction.location },
    payment_meta: { ...transaction.payment_meta },
    account_owner: transaction.account_owner,
    name: transaction.name,
    original_description: transaction.name.toUpperCase(),
    account_id: transaction.account_id,
    amount: transaction.amount,
    iso_currency_code: transaction.iso_currency_code,
    unofficial_currency_code: transaction.unofficial_currency_code,
    date: transaction.date,
    pending: transaction.pending,
    transaction_id: transaction.transaction_id,
    date_transacted: transaction.authorized_date ?? transaction.date,
  };
}

/** Rounds to cents, so undoing transactions does not accumulate floating-point noise. */
function toCents(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * End-of-day current balances, newest first: the last day of the period (today's balance), then
 * the day before each day posted transactions changed the balance, going back to the first day
 * of the period. A positive amount took money out of a depository account and added to what is
 * owed on a credit account, so undoing it moves the balance the other way for each.
 */
export function historicalBalances(
  account: Pick<AccountsTable, 'type' | 'current' | 'iso_currency_code'>,
  newestFirstTransactions: readonly Pick<Transaction, 'date' | 'amount' | 'pending'>[],
  firstDay: string,
  lastDay: string,
): Schemas['HistoricalBalance'][] {
  if (firstDay > lastDay) {
    return [];
  }
  const entry = (date: string, current: number): Schemas['HistoricalBalance'] => ({
    date,
    current: toCents(current),
    iso_currency_code: account.iso_currency_code,
    unofficial_currency_code: null,
  });
  const sign = account.type === 'credit' ? -1 : 1;
  const balances = [entry(lastDay, account.current)];
  let current = account.current;
  const posted = newestFirstTransactions.filter((transaction) => !transaction.pending);
  const dates = [...new Set(posted.map((transaction) => transaction.date))];
  for (const date of dates) {
    for (const transaction of posted.filter((candidate) => candidate.date === date)) {
      current += sign * transaction.amount;
    }
    const dayBefore = addDays(date, -1);
    if (dayBefore < firstDay) {
      break;
    }
    balances.push(entry(dayBefore, current));
  }
  return balances;
}

/** The warning of an Item whose institution did not return the account owners. */
export function ownersUnavailableWarning(itemId: string): Schemas['AssetReportWarning'] {
  const { request_id: _requestId, ...error } = createApiError({
    status: 400,
    errorType: 'ITEM_ERROR',
    errorCode: 'PRODUCTS_NOT_SUPPORTED',
    message: 'the institution did not return account owner information for this item',
  });
  return {
    warning_type: 'ASSET_REPORT_WARNING',
    warning_code: 'OWNERS_UNAVAILABLE',
    cause: { item_id: itemId, error: { ...error, causes: [], status: null } },
  };
}
