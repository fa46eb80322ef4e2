/**
 * The merchants and counterparties of generated transactions: how each one names a transaction,
 * categorises it and where it happens.
 */
import type { components } from '@svc/spec/types';

type Schemas = components['schemas'];

/** One kind of transaction. */
export interface Merchant {
  name: string;
  merchantName: string | null;
  category: string[];
  categoryId: string;
  channel: Schemas['Transaction']['payment_channel'];
  /** Smallest and largest amount; negative when money comes in. */
  amount: readonly [number, number];
  /** A card purchase: authorized a day before it posts, pending for the last two days. */
  purchase: boolean;
  location?: Partial<Schemas['TransactionLocation']>;
  paymentMeta?: Partial<Schemas['TransactionPaymentMeta']>;
}

export const COFFEE: Merchant = {
  name: 'Gingham Coffee Malakoff',
  merchantName: 'Gingham Coffee',
  category: ['Food and Drink', 'Restaurants', 'Coffee Shop'],
  categoryId: '13005043',
  channel: 'in store',
  amount: [3.5, 6.5],
  purchase: true,
  location: {
    address: '13 Main Street',
    city: 'Malakoff',
    region: 'NY',
    postal_code: '14236',
    country: 'US',
    lat: 42.0817,
    lon: -78.4322,
    store_number: '1021',
  },
};

export const GROCERIES: Merchant = {
  name: 'Malakoff Fresh Market',
  merchantName: 'Malakoff Fresh Market',
  category: ['Shops', 'Supermarkets and Groceries'],
  categoryId: '19047000',
  channel: 'in store',
  amount: [40, 120],
  purchase: true,
  location: { address: '210 Cameron Road', city: 'Malakoff', region: 'NY', postal_code: '14236', country: 'US' },
};

export const ONLINE_SHOP: Merchant = {
  name: 'GINGHAMSHOP.EXAMPLE ONLINE ORDER',
  merchantName: 'Gingham Shop',
  category: ['Shops'],
  categoryId: '19000000',
  channel: 'online',
  amount: [15, 120],
  purchase: true,
};

export const DINER: Merchant = {
  name: 'Cameron Road Diner',
  merchantName: 'Cameron Road Diner',
  category: ['Food and Drink', 'Restaurants'],
  categoryId: '13005000',
  channel: 'in store',
  amount: [18, 60],
  purchase: true,
  location: { address: '88 Cameron Road', city: 'Malakoff', region: 'NY', postal_code: '14236', country: 'US' },
};

export const PAYROLL: Merchant = {
  name: 'ACH Electronic Credit GINGHAM PAYROLL PPD ID: 1234567890',
  merchantName: null,
  category: ['Transfer', 'Payroll'],
  categoryId: '21009000',
  channel: 'other',
  amount: [-1000, -1000],
  purchase: false,
  paymentMeta: { ppd_id: '1234567890', payer: 'Gingham Payroll Inc', payment_method: 'ACH', reason: 'Payroll' },
};

export const RENT: Merchant = {
  name: 'Cameron Road Apartments RENT',
  merchantName: 'Cameron Road Apartments',
  category: ['Payment', 'Rent'],
  categoryId: '16002000',
  channel: 'other',
  amount: [950, 950],
  purchase: false,
};

export const UTILITY: Merchant = {
  name: 'Malakoff Power & Light',
  merchantName: 'Malakoff Power & Light',
  category: ['Service', 'Utilities', 'Electric'],
  categoryId: '18068005',
  channel: 'online',
  amount: [60, 110],
  purchase: false,
};

export const TO_SAVINGS: Merchant = {
  name: 'Transfer to Gingham Saving',
  merchantName: null,
  category: ['Transfer', 'Internal Account Transfer'],
  categoryId: '21001000',
  channel: 'other',
  amount: [100, 100],
  purchase: false,
};

export const FROM_CHECKING: Merchant = { ...TO_SAVINGS, name: 'Transfer from Gingham Checking', amount: [-100, -100] };

export const INTEREST: Merchant = {
  name: 'Interest Earned',
  merchantName: null,
  category: ['Interest', 'Interest Earned'],
  categoryId: '15001000',
  channel: 'other',
  amount: [-0.5, -0.25],
  purchase: false,
};

export const CARD_PAYMENT: Merchant = {
  name: 'Payment Thank You',
  merchantName: null,
  category: ['Payment', 'Credit Card'],
  categoryId: '16001000',
  channel: 'other',
  amount: [-168.25, -168.25],
  purchase: false,
};

/** The purchases a transactions refresh picks new pending transactions from, in turn. */
export const REFRESH_PURCHASES: readonly Merchant[] = [ONLINE_SHOP, COFFEE, DINER, GROCERIES];
