/**
 * The table of stored Signal evaluations.
 */

/** The latest evaluation of one `client_transaction_id` of a client, and the return reported for it. */
export interface SignalEvaluationsTable {
  client_id: string;
  client_transaction_id: string;
  item_id: string;
  account_id: string;
  amount: number;
  /** JSON `{scores, core_attributes}`: the response of the evaluation. */
  result: string;
  evaluated_at: string;
  /** The ACH return code reported with `/signal/return/report`, or null. */
  return_code: string | null;
  returned_at: string | null;
}

declare module '../../engine/index.js' {
  /** This feature's tables, merged into the store's schema. */
  interface Database {
    signal_evaluations: SignalEvaluationsTable;
  }
}
