/**
 * The table of work that falls due on a client's clock (`due-work.ts`).
 */

/** One piece of work due at a time of its client's clock. */
export interface DueWorkTable {
  due_id: string;
  client_id: string;
  /** When it falls due, on the client's clock (ISO 8601, UTC). */
  due_at: string;
  /** Which performer does it, e.g. `payment_refund_execute`. */
  kind: string;
  /** What it is about (a payment id, an Item id), as the performer reads it. */
  subject: string;
  /** `pending`, or `done` once performed (in the transaction that performed it). */
  state: string;
  created_at: string;
  /** When it was performed, on the client's clock (its `due_at`); null while pending. */
  performed_at: string | null;
}
