/**
 * Removes the client secret from text and values before they go into an error, so that no
 * message, stack, JSON or inspection of an error can reveal it.
 */

/** What the secret is replaced with. */
export const REDACTED = '[REDACTED]';

/** `text` with every occurrence of `secret` (never empty: createClient requires it) replaced by `[REDACTED]`. */
export function redactText(text: string, secret: string): string {
  return text.replaceAll(secret, REDACTED);
}

/** A deep copy of a JSON value with every string redacted (object keys included). */
export function redactValue(value: unknown, secret: string): unknown {
  if (typeof value === 'string') {
    return redactText(value, secret);
  }
  if (Array.isArray(value)) {
    return value.map((item) => redactValue(item, secret));
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [redactText(key, secret), redactValue(item, secret)]),
    );
  }
  return value;
}
