/**
 * Redaction of what the inspector keeps: the one list of secrets and tokens that never leave the
 * sandbox in a request record. A value is replaced by {@link REDACTED} when its field name is a
 * secret or a token ({@link SECRET_FIELDS}, or any name ending in `_token`, `_tokens`, `secret`
 * or `password`), and a token's shape found inside any other string is replaced where it occurs
 * ({@link TOKEN_PATTERN}), so an error message that names a token does not reveal it either. A URL
 * (a webhook's) loses its query string and user info, which may carry a receiver's own credential.
 * Identifiers (Item, account, transfer, payment ids) are kept: they are what a developer looks for.
 */
import { redactedUrl } from '../webhooks/url-policy.js';

/** What a redacted value becomes. */
export const REDACTED = '[redacted]';

/** Field names whose values are secrets or bearer tokens, wherever they occur in a body. */
export const SECRET_FIELDS: ReadonlySet<string> = new Set([
  'secret',
  'client_secret',
  'webhook_secret',
  'access_token',
  'access_tokens',
  'new_access_token',
  'public_token',
  'processor_token',
  'payment_token',
  'audit_copy_token',
  'asset_report_token',
  'partner_b_bank_account_token',
  'auth_token',
  'link_token',
  'override_password',
  'password',
]);

/** Name endings that mark a secret or a token besides {@link SECRET_FIELDS}. */
const SECRET_ENDINGS = ['_token', '_tokens', 'secret', 'password'];

/**
 * The shapes of the sandbox's tokens inside a string: public, access, processor, partner bank
 * account, asset report, audit copy and payment tokens (`<kind>-sandbox-<id>`).
 */
export const TOKEN_PATTERN =
  /(?<![A-Za-z0-9-])(?:public|access|processor|bank-account|assets|a|payment-token)-sandbox-[A-Za-z0-9-]+/g;

/** Whether the value of field `name` is a secret or a token. */
export function isSecretField(name: string): boolean {
  const lower = name.toLowerCase();
  return SECRET_FIELDS.has(lower) || SECRET_ENDINGS.some((ending) => lower.endsWith(ending));
}

/** Whether each field name seen so far is secret (field names come from the spec: few). */
const secretNames = new Map<string, boolean>();
const SECRET_NAMES_LIMIT = 10_000;

function isSecretName(name: string): boolean {
  let secret = secretNames.get(name);
  if (secret === undefined) {
    secret = isSecretField(name);
    if (secretNames.size < SECRET_NAMES_LIMIT) {
      secretNames.set(name, secret);
    }
  }
  return secret;
}

/** A string without token shapes, and without the user info and query string of a URL. */
function redactString(value: string): string {
  if (value.startsWith('http') && /^https?:\/\/[^\s]*[?@]/i.test(value)) {
    return redactedUrl(value);
  }
  return value.includes('-sandbox-') ? value.replace(TOKEN_PATTERN, REDACTED) : value;
}

/**
 * The `JSON.stringify` replacer that redacts in the one pass that serialises (no copy of the
 * value). Array indexes are never secret names, so arrays pass through.
 */
function redactingReplacer(key: string, value: unknown): unknown {
  if (value !== null && key !== '' && isSecretName(key)) {
    return REDACTED;
  }
  return typeof value === 'string' ? redactString(value) : value;
}

/** A copy of `value` (JSON data) with every secret and token replaced by {@link REDACTED}. */
export function redact(value: unknown): unknown {
  const text = JSON.stringify(value, redactingReplacer);
  return text === undefined ? undefined : JSON.parse(text);
}

/** Longest JSON text of one body kept in a record, in characters; a longer one is cut. */
export const MAX_BODY_CHARS = 32 * 1024;

/** `value` redacted as JSON text, cut to {@link MAX_BODY_CHARS} with a note of the full length. */
export function redactedJson(value: unknown): string {
  const text = JSON.stringify(value, redactingReplacer) ?? 'null';
  return text.length <= MAX_BODY_CHARS
    ? text
    : `${text.slice(0, MAX_BODY_CHARS)}… [cut: ${text.length} characters in all]`;
}
