/**
 * The account-data tables: each Item's transactions (materialised at the first extraction, then
 * changed by refreshes) and the state of each product's first extraction.
 */

/** One transaction of an Item. JSON columns hold the API's objects as text. */
export interface TransactionsTable {
  transaction_id: string;
  item_id: string;
  client_id: string;
  account_id: string;
  /** Position within the Item: later-found transactions get higher numbers (the order among one date). */
  seq: number;
  date: string;
  authorized_date: string | null;
  name: string;
  merchant_name: string | null;
  amount: number;
  iso_currency_code: string | null;
  pending: number;
  pending_transaction_id: string | null;
  /** JSON array of strings, or null. */
  category: string | null;
  category_id: string | null;
  payment_channel: string;
  /** JSON `TransactionLocation`. */
  location: string;
  /** JSON `TransactionPaymentMeta`. */
  payment_meta: string;
  /** When the transaction was found (the first extraction or a refresh). */
  added_at: string;
  /** When a refresh found it removed (a pending transaction that posted); null while present. */
  removed_at: string | null;
}

/** The first extraction of a product of an Item, and how many refreshes followed. */
export interface ProductExtractionsTable {
  item_id: string;
  /** `transactions` or `investments`. */
  product: string;
  started_at: string;
  /** Reads before this time answer `PRODUCT_NOT_READY`. */
  ready_at: string;
  /** Number of `/transactions/refresh` calls after the first extraction. */
  refreshes: number;
}

declare module '../../engine/index.js' {
  /** This feature's tables, merged into the store's schema. */
  interface Database {
    product_extractions: ProductExtractionsTable;
    transactions: TransactionsTable;
  }
}
