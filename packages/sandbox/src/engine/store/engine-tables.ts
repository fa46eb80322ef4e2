/**
 * Tables the engine itself keeps: event counters, idempotency keys and the shared rate limit's
 * windows.
 */

/** Named counters incremented inside the writing transaction (event ids in commit order). */
export interface CountersTable {
  name: string;
  value: number;
}

/**
 * One idempotency key of a client, remembered for 24 hours (`IDEMPOTENCY_KEY_LIFETIME_MS`): the request it was first used with
 * (as a fingerprint) and the record that request created. Unique per (client, scope, key), so
 * two concurrent requests with one key create one record.
 */
export interface IdempotencyKeysTable {
  client_id: string;
  /** The namespace of the key: `transfer` or `bank_transfer` (shared by both bank transfer creates). */
  scope: string;
  idempotency_key: string;
  /** SHA-256 of the operation and the request body without credentials. */
  fingerprint: string;
  /** The id of the record the first request created. */
  resource_id: string;
  /** The `request_id` of that request (migration 0020); null for a seeded record or an older key. */
  request_id: string | null;
  created_at: string;
  /** When the key is forgotten (24 hours after `created_at`); null: never (the seeded canonical records). */
  expires_at: string | null;
}

/**
 * Requests claimed from one client's shared rate limit in one fixed window (`--rate-limit-scope
 * shared`): instances add the chunk they claim; more than the limit means the window is spent.
 */
export interface RateLimitWindowsTable {
  client_id: string;
  /** Start of the window, in milliseconds since the epoch (a multiple of the window's length). */
  window_start: number;
  claimed: number;
}
