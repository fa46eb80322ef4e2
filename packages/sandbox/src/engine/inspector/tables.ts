/**
 * The table of request records (migration 0011): a client's recent requests as the inspector shows them.
 */
import type { Generated } from 'kysely';

/** One request of a client, with its bodies redacted (`redact.ts`). */
export interface RequestRecordsTable {
  /** Insertion order: the inspector's cursor. */
  id: Generated<number>;
  client_id: string;
  request_id: string;
  /** The operationId. */
  operation: string;
  /** The HTTP status answered. */
  status: number;
  /** The `error_code` of an error answer; null for a success. */
  error_code: string | null;
  duration_ms: number;
  /** When the request arrived (ISO 8601, the sandbox's clock). */
  started_at: string;
  /** JSON text, redacted, possibly shortened. */
  request_body: string;
  /** JSON text, redacted, possibly shortened. */
  response_body: string;
}
