/**
 * The fingerprint of a request for idempotency: two requests with the same idempotency key are
 * "the same request" exactly when their fingerprints are equal. The credentials (`client_id`,
 * `secret`) are left out, since they may travel in headers or in the body; a null field counts as
 * absent, as the API documents for every nullable request field; key order does not matter.
 */
import { createHash } from 'node:crypto';

/** Body fields that never take part in the fingerprint. */
const CREDENTIAL_FIELDS = new Set(['client_id', 'secret']);

/** `value` with object keys sorted and null-valued properties dropped. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(canonical);
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const field = (value as Record<string, unknown>)[key];
      if (field !== null && field !== undefined) {
        out[key] = canonical(field);
      }
    }
    return out;
  }
  return value;
}

/** The hex SHA-256 fingerprint of `operation` called with `body` (credentials excluded). */
export function requestFingerprint(operation: string, body: Record<string, unknown>): string {
  const fields = Object.fromEntries(Object.entries(body).filter(([key]) => !CREDENTIAL_FIELDS.has(key)));
  return createHash('sha256')
    .update(JSON.stringify([operation, canonical(fields)]))
    .digest('hex');
}
