/**
 * The fingerprint of a request for idempotency: two requests with the same idempotency key are
 * "the same request" exactly when their fingerprints are equal. The credentials (`client_id`,
 * `secret`) are left out, since they may travel in headers or in the body; a null field counts as
 * absent, as the API documents for every nullable request field; key order does not matter.
 */
import { hash } from 'node:crypto';

/** Body fields that never take part in the fingerprint. */
const CREDENTIAL_FIELDS = new Set(['client_id', 'secret']);

/**
 * `value` with object keys sorted and null-valued properties dropped, and at the top level
 * (`skip`) the credential fields too.
 */
function canonical(value: unknown, skip?: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) {
    return value.map((entry) => canonical(entry));
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const field = (value as Record<string, unknown>)[key];
      if (field !== null && field !== undefined && !skip?.has(key)) {
        out[key] = canonical(field);
      }
    }
    return out;
  }
  return value;
}

/** The hex SHA-256 fingerprint of `operation` called with `body` (credentials excluded). */
export function requestFingerprint(operation: string, body: Record<string, unknown>): string {
  return hash('sha256', JSON.stringify([operation, canonical(body, CREDENTIAL_FIELDS)]), 'hex');
}
