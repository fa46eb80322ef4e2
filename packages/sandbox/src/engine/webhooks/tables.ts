/**
 * The durable webhook outbox and its delivery attempts.
 */
import type { Generated } from 'kysely';

/** A webhook waiting for, or done with, delivery: the durable outbox. */
export interface WebhookOutboxTable {
  id: Generated<number>;
  client_id: string;
  item_id: string | null;
  url: string;
  webhook_code: string;
  /** The exact body sent on every attempt. */
  body: string;
  created_at: string;
  next_attempt_at: string;
  attempts: number;
  delivered_at: string | null;
  /** Set when every attempt failed. */
  failed_at: string | null;
  last_error: string | null;
  /** A deliverer holds the row until then (several instances may deliver). */
  locked_until: string | null;
  locked_by: string | null;
  /** The request that created the webhook (null: none, e.g. the seeded world). */
  request_id: string | null;
}

/** One delivery attempt of a webhook. */
export interface WebhookAttemptsTable {
  id: Generated<number>;
  outbox_id: number;
  attempt: number;
  started_at: string;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
  instance_id: string;
  /** The signature header the attempt was sent with (null before migration 0011). */
  signature: string | null;
}
