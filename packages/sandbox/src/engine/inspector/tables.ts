/**
 * The table of request records (migrations 0011, 0019, 0020 and 0026): a client's recent requests as the
 * inspector shows them.
 */
import type { Generated } from 'kysely';

/**
 * What the client received: the answer, nothing (`dropped_before`: the connection closed before
 * the request was handled) or no answer to a handled request (`dropped_after_commit`: its changes
 * committed, its answer lost).
 */
export type RequestDelivery = 'answered' | 'dropped_before' | 'dropped_after_commit';

/** One request of a client, with its bodies redacted (`redact.ts`). */
export interface RequestRecordsTable {
  /** Insertion order: the inspector's cursor. */
  id: Generated<number>;
  client_id: string;
  request_id: string;
  /** The operationId. */
  operation: string;
  /** The HTTP status answered (or, for a lost answer, that it would have had); 0 when dropped before handling. */
  status: number;
  /** The `error_code` of an error answer; null for a success. */
  error_code: string | null;
  duration_ms: number;
  /** When the request arrived (ISO 8601, the sandbox's clock). */
  started_at: string;
  /** The client's test clock when it arrived (ISO 8601); null when it did not authenticate. */
  client_time: string | null;
  /** The fault it was given, `SVC-Sandbox-Fault: …` or `fault rule: …` (normalised); null for none. */
  fault: string | null;
  delivery: RequestDelivery;
  /** 1 when answered with the record its idempotency key already named (a replay), else 0. */
  replayed: number;
  /** The `request_id` of the request a replay repeats (migration 0020); null when none did or for no replay. */
  replay_of: string | null;
  /** JSON text, redacted, possibly shortened. */
  request_body: string;
  /** JSON text, redacted, possibly shortened. */
  response_body: string;
  /** Characters of `request_body` and `response_body` together (migration 0026): what the byte budget sums. */
  body_chars: number;
}
