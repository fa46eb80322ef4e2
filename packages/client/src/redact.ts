/**
 * Removes secrets from text and values before they go into an error, so that no message, stack,
 * JSON or inspection of an error can reveal them.
 */

/** What a secret is replaced with. */
export const REDACTED = '[REDACTED]';

/** `text` with every occurrence of each secret replaced by `[REDACTED]`. */
export function redactText(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret !== '') {
      result = result.replaceAll(secret, REDACTED);
    }
  }
  return result;
}

/** A deep copy of a JSON value with every string redacted (object keys included). */
export function redactValue(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') {
    return redactText(value, secrets);
  }
  if (Array.isArray(value)) {
    return value.map((item) => redactValue(item, secrets));
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [redactText(key, secrets), redactValue(item, secrets)]),
    );
  }
  return value;
}
