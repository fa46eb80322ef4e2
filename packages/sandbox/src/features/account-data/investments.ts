/**
 * Investment data of investment accounts: the securities (the same for every Item: security ids
 * are stable across Items), each account's holdings, and its investment transactions over the
 * year before the Item's anchor day. Transaction ids derive from the Item, so different Items
 * never share one.
 */
import type { components } from '@svc/spec/types';
import { derivedId } from '../../engine/index.js';
import { addDays } from '../items/index.js';
import { cents } from './seeded-random.js';

type Schemas = components['schemas'];
type Security = Schemas['Security'];
type Holding = Schemas['Holding'];
type InvestmentTransaction = Schemas['InvestmentTransaction'];

/** Security id of the Gingham Total Market Index Fund (GTMIX). */
export const GTMIX_ID = '8E4L9XLl6MudjEpwPAAgivmdZRdBPJuvMPlPb';
/** Security id of Malakoff Robotics Inc. (MKRB). */
export const MKRB_ID = 'KDwjlXj1Rqt58dVvmzRguxJybmyQL8FgeWWAy';

/** The securities sandbox investment accounts hold, priced on `asOf`. */
export function securities(asOf: string): Security[] {
  return [
    {
      close_price: 20.5,
      close_price_as_of: asOf,
      cusip: '36249K102',
      institution_id: 'ins_109508',
      institution_security_id: 'GTMIX-FGB',
      is_cash_equivalent: false,
      isin: 'US36249K1025',
      iso_currency_code: 'USD',
      name: 'Gingham Total Market Index Fund',
      proxy_security_id: null,
      security_id: GTMIX_ID,
      sedol: null,
      ticker_symbol: 'GTMIX',
      type: 'mutual fund',
      unofficial_currency_code: null,
    },
    {
      close_price: 57.88,
      close_price_as_of: asOf,
      cusip: '56116R108',
      institution_id: null,
      institution_security_id: null,
      is_cash_equivalent: false,
      isin: 'US56116R1086',
      iso_currency_code: 'USD',
      name: 'Malakoff Robotics Inc.',
      proxy_security_id: null,
      security_id: MKRB_ID,
      sedol: 'B0YBKJ7',
      ticker_symbol: 'MKRB',
      type: 'equity',
      unofficial_currency_code: null,
    },
  ];
}

/** The securities among {@link securities} whose ids are in `ids`, in their usual order. */
export function securitiesReferenced(ids: Iterable<string | null>, asOf: string): Security[] {
  const wanted = new Set(ids);
  return securities(asOf).filter((security) => wanted.has(security.security_id));
}

/**
 * The holdings of one investment account at the anchor day: 10 GTMIX and 2 MKRB, worth 320.76
 * together, the balance of a sandbox IRA.
 */
export function holdingsOf(accountId: string, anchor: string): Holding[] {
  const asOf = addDays(anchor, -1);
  const position = (securityId: string, quantity: number, price: number, costBasis: number): Holding => ({
    account_id: accountId,
    security_id: securityId,
    institution_price: price,
    institution_price_as_of: asOf,
    institution_value: cents(quantity * price),
    cost_basis: costBasis,
    quantity,
    iso_currency_code: 'USD',
    unofficial_currency_code: null,
  });
  return [position(GTMIX_ID, 10, 20.5, 196.2), position(MKRB_ID, 2, 57.88, 110.2)];
}

type Draft = Omit<
  InvestmentTransaction,
  | 'account_id'
  | 'investment_transaction_id'
  | 'iso_currency_code'
  | 'unofficial_currency_code'
  | 'cancel_transaction_id'
  | 'fees'
>;

function buy(date: string, securityId: string, name: string, quantity: number, price: number): Draft {
  return {
    date,
    name: `BUY ${name}`,
    amount: cents(quantity * price),
    price,
    quantity,
    security_id: securityId,
    type: 'buy',
    subtype: 'buy',
  };
}

/** The drafts of one account's year, newest first as written (order does not matter: the caller sorts). */
function drafts(anchor: string): Draft[] {
  const gtmix = 'Gingham Total Market Index Fund';
  const list: Draft[] = [
    buy(addDays(anchor, -10), MKRB_ID, 'Malakoff Robotics Inc.', 2, 55.1),
    {
      date: addDays(anchor, -17),
      name: `DIVIDEND ${gtmix}`,
      amount: -4.2,
      price: 0,
      quantity: 0,
      security_id: GTMIX_ID,
      type: 'cash',
      subtype: 'dividend',
    },
    {
      date: addDays(anchor, -23),
      name: `SELL ${gtmix}`,
      amount: -20.1,
      price: 20.1,
      quantity: -1,
      security_id: GTMIX_ID,
      type: 'sell',
      subtype: 'sell',
    },
  ];
  // Monthly dividends, each reinvested the same day: two transactions per date.
  for (let month = 1; month <= 11; month++) {
    const date = addDays(anchor, -17 - 30 * month);
    const dividend = cents(4.2 - 0.1 * month);
    const price = cents(20.1 - 0.2 * month);
    list.push({
      date,
      name: `DIVIDEND ${gtmix}`,
      amount: -dividend,
      price: 0,
      quantity: 0,
      security_id: GTMIX_ID,
      type: 'cash',
      subtype: 'dividend',
    });
    list.push(buy(date, GTMIX_ID, gtmix, cents(dividend / price), price));
  }
  list.push(buy(addDays(anchor, -364), GTMIX_ID, gtmix, 8.9, 17.4));
  list.push({
    date: addDays(anchor, -365),
    name: 'CONTRIBUTION',
    amount: -500,
    price: 0,
    quantity: 0,
    security_id: null,
    type: 'cash',
    subtype: 'contribution',
  });
  return list;
}

/** Every investment transaction of one investment account of an Item (unsorted). */
export function investmentTransactionsOf(itemId: string, accountId: string, anchor: string): InvestmentTransaction[] {
  return drafts(anchor).map((draft, index) => ({
    account_id: accountId,
    investment_transaction_id: derivedId(`${itemId}/investment_transaction/${accountId}/${index}`),
    cancel_transaction_id: null,
    fees: 0,
    iso_currency_code: 'USD',
    unofficial_currency_code: null,
    ...draft,
  }));
}

/** Newest first; transactions of one date by id, so the order never changes between calls. */
export function compareNewestFirst(
  a: Pick<InvestmentTransaction, 'date' | 'investment_transaction_id'>,
  b: Pick<InvestmentTransaction, 'date' | 'investment_transaction_id'>,
): number {
  if (a.date !== b.date) {
    return a.date < b.date ? 1 : -1;
  }
  if (a.investment_transaction_id === b.investment_transaction_id) {
    return 0;
  }
  return a.investment_transaction_id < b.investment_transaction_id ? -1 : 1;
}
