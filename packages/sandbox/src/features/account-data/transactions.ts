/**
 * Transactions of an Item: the year of history before its anchor day (the day it was created),
 * generated from its Item id, and the changes each `/transactions/refresh` finds. Refresh `n` of
 * an Item posts its oldest pending transaction (the pending one is removed and a posted one
 * naming it in `pending_transaction_id` is added) and adds one new pending purchase, so every
 * refresh is deterministic. Each day that begins on the client's test clock adds that day's
 * transactions ({@link dayTransactions}).
 */
import type { components } from '@svc/spec/types';
import { derivedId } from '../../engine/index.js';
import { addDays, hasTransactions, latestDate } from '../items/index.js';
import {
  CARD_PAYMENT,
  COFFEE,
  DINER,
  FROM_CHECKING,
  GROCERIES,
  INTEREST,
  type Merchant,
  ONLINE_SHOP,
  PAYROLL,
  REFRESH_PURCHASES,
  RENT,
  TO_SAVINGS,
  UTILITY,
} from './merchants.js';
import { cents, derivedDigits, type SeededRandom, seededRandom } from './seeded-random.js';

/** A transaction as the API returns it. */
export type Transaction = components['schemas']['Transaction'];

/** How many days of history an Item has (its anchor day included). */
export const HISTORY_DAYS = 365;

/** What history is generated for. */
export interface HistoryAccount {
  account_id: string;
  type: string;
  subtype: string;
  iso_currency_code: string | null;
}

const EMPTY_LOCATION: Transaction['location'] = {
  address: null,
  city: null,
  region: null,
  postal_code: null,
  country: null,
  lat: null,
  lon: null,
  store_number: null,
};

const EMPTY_PAYMENT_META: Transaction['payment_meta'] = {
  reference_number: null,
  ppd_id: null,
  payee: null,
  by_order_of: null,
  payer: null,
  payment_method: null,
  payment_processor: null,
  reason: null,
};

/** The merchants charging an account on one day of its history (`day` counts from the first day). */
function merchantsOn(account: HistoryAccount, date: string, day: number): Merchant[] {
  const dayOfMonth = Number(date.slice(8, 10));
  const weekday = day % 7;
  const found: Merchant[] = [];
  if (account.subtype === 'checking') {
    if (weekday === 1 || weekday === 4) {
      found.push(COFFEE);
    }
    if (weekday === 5) {
      found.push(GROCERIES);
    }
    if (day % 14 === 3) {
      found.push(PAYROLL);
    }
    if (dayOfMonth === 1) {
      found.push(RENT);
    }
    if (dayOfMonth === 2) {
      found.push(TO_SAVINGS);
    }
    if (dayOfMonth === 15) {
      found.push(UTILITY);
    }
  } else if (account.type === 'depository') {
    if (dayOfMonth === 2) {
      found.push(FROM_CHECKING);
    }
    if (dayOfMonth === 28) {
      found.push(INTEREST);
    }
  } else if (account.type === 'credit') {
    if (weekday === 3) {
      found.push(ONLINE_SHOP);
    }
    if (day % 10 === 6) {
      found.push(DINER);
    }
    if (dayOfMonth === 27) {
      found.push(CARD_PAYMENT);
    }
  }
  return found;
}

/** Options of {@link makeTransaction}. */
interface MakeOptions {
  id: string;
  account: HistoryAccount;
  merchant: Merchant;
  date: string;
  pending: boolean;
  random: SeededRandom;
  pendingTransactionId?: string | null;
  authorizedDate?: string | null;
  amount?: number;
}

function makeTransaction(options: MakeOptions): Transaction {
  const { merchant, random } = options;
  const [low, high] = merchant.amount;
  const amount = options.amount ?? cents(low + (high - low) * random());
  const paymentMeta = merchant.paymentMeta
    ? { ...EMPTY_PAYMENT_META, ...merchant.paymentMeta, reference_number: derivedDigits(`${options.id}/reference`, 12) }
    : { ...EMPTY_PAYMENT_META };
  return {
    transaction_id: options.id,
    account_id: options.account.account_id,
    amount,
    iso_currency_code: options.account.iso_currency_code,
    unofficial_currency_code: null,
    date: options.date,
    authorized_date:
      options.authorizedDate !== undefined
        ? options.authorizedDate
        : merchant.purchase
          ? options.pending
            ? options.date
            : addDays(options.date, -1)
          : null,
    name: merchant.name,
    merchant_name: merchant.merchantName,
    pending: options.pending,
    pending_transaction_id: options.pendingTransactionId ?? null,
    account_owner: null,
    category: [...merchant.category],
    category_id: merchant.categoryId,
    payment_channel: merchant.channel,
    location: { ...EMPTY_LOCATION, ...merchant.location },
    payment_meta: paymentMeta,
  };
}

/**
 * The history of an Item's accounts: oldest first (the order decides each transaction's
 * position among those of one date). Card purchases of the anchor day and the day before are
 * pending; each checking and credit account has a pending purchase on the anchor day.
 */
export function transactionHistory(itemId: string, accounts: readonly HistoryAccount[], anchor: string): Transaction[] {
  const random = seededRandom(`${itemId}/transactions`);
  const first = addDays(anchor, 1 - HISTORY_DAYS);
  const pendingFrom = addDays(anchor, -1);
  const counters = new Map<string, number>();
  const history: Transaction[] = [];
  const covered = accounts.filter(hasTransactions);
  const nextId = (account: HistoryAccount) => {
    const index = counters.get(account.account_id) ?? 0;
    counters.set(account.account_id, index + 1);
    return derivedId(`${itemId}/transaction/${account.account_id}/${index}`);
  };
  for (let day = 0; day < HISTORY_DAYS; day++) {
    const date = addDays(first, day);
    for (const account of covered) {
      for (const merchant of merchantsOn(account, date, day)) {
        const pending = merchant.purchase && date >= pendingFrom;
        history.push(makeTransaction({ id: nextId(account), account, merchant, date, pending, random }));
      }
    }
  }
  for (const account of covered.filter((entry) => entry.subtype === 'checking' || entry.type === 'credit')) {
    const merchant = account.type === 'credit' ? ONLINE_SHOP : COFFEE;
    history.push(makeTransaction({ id: nextId(account), account, merchant, date: anchor, pending: true, random }));
  }
  return history;
}

/**
 * The transactions of the day `date` after an Item's anchor day, found when that day begins on
 * its client's test clock: the same merchants as on the days of its history (the day counted on
 * from the history's first day), posted, with ids and amounts seeded by the Item and the date.
 */
export function dayTransactions(
  itemId: string,
  accounts: readonly HistoryAccount[],
  anchor: string,
  date: string,
): Transaction[] {
  const random = seededRandom(`${itemId}/day/${date}`);
  const day = Math.round((Date.parse(date) - Date.parse(addDays(anchor, 1 - HISTORY_DAYS))) / 86_400_000);
  const found: Transaction[] = [];
  for (const account of accounts.filter(hasTransactions)) {
    for (const merchant of merchantsOn(account, date, day)) {
      const id = derivedId(`${itemId}/transaction/day/${date}/${account.account_id}/${found.length}`);
      found.push(makeTransaction({ id, account, merchant, date, pending: false, random }));
    }
  }
  return found;
}

/** What one refresh changes. */
export interface RefreshChanges {
  /** New transactions, in the order they were found. */
  added: Transaction[];
  /** Ids of the transactions removed. */
  removed: string[];
}

/** Input of {@link refreshChanges}. */
export interface RefreshInput {
  itemId: string;
  /** 1 for the Item's first refresh, 2 for the next … */
  refresh: number;
  /** The day of the refresh. */
  today: string;
  /** The Item's oldest pending transaction still present, if any. */
  oldestPending: Transaction | undefined;
  accounts: readonly HistoryAccount[];
}

/** The oldest pending transaction of `transactions` (in the order found): earliest date, then earliest found. */
export function oldestPendingOf(transactions: readonly Transaction[]): Transaction | undefined {
  let oldest: Transaction | undefined;
  for (const transaction of transactions) {
    if (transaction.pending && (oldest === undefined || transaction.date < oldest.date)) {
      oldest = transaction;
    }
  }
  return oldest;
}

/**
 * What refresh `refresh` of an Item finds: its oldest pending transaction posts (removed, and a
 * posted copy dated today names it), and one new pending purchase appears on the Item's first
 * checking or credit account.
 */
export function refreshChanges(input: RefreshInput): RefreshChanges {
  const random = seededRandom(`${input.itemId}/refresh/${input.refresh}`);
  const changes: RefreshChanges = { added: [], removed: [] };
  const pending = input.oldestPending;
  if (pending) {
    changes.removed.push(pending.transaction_id);
    changes.added.push({
      ...pending,
      transaction_id: derivedId(`${input.itemId}/transaction/refresh/${input.refresh}/posted`),
      date: latestDate(input.today, pending.date),
      authorized_date: pending.authorized_date ?? pending.date,
      pending: false,
      pending_transaction_id: pending.transaction_id,
    });
  }
  const account = input.accounts.find((entry) => entry.subtype === 'checking' || entry.type === 'credit');
  const merchant = REFRESH_PURCHASES[(input.refresh - 1) % REFRESH_PURCHASES.length];
  if (account && merchant) {
    changes.added.push(
      makeTransaction({
        id: derivedId(`${input.itemId}/transaction/refresh/${input.refresh}/new`),
        account,
        merchant,
        date: input.today,
        pending: true,
        random,
      }),
    );
  }
  return changes;
}
