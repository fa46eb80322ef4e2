/**
 * Redaction of what the inspector keeps: the one list of secrets and tokens that never leave the
 * sandbox in a request record. A value (whatever it holds, at any depth) is replaced by
 * {@link REDACTED} when its field name is a secret or a token ({@link SECRET_FIELDS}, or any name
 * ending in `_token`, `_tokens`, `secret` or `password`, compared in lower case with spaces and
 * punctuation folded), and
 * a token's shape found inside any other string is replaced where it occurs ({@link TOKEN_PATTERN}),
 * so an error message that names a token does not reveal it either. A URL
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

/**
 * `name` as {@link isSecretField} compares it: lower case, every run of characters other than
 * letters and digits (spaces, dashes, backslashes, quotes…) one `_`, none at the end; so
 * `"secret "`, `"Client-Secret"` and `"secret\\"` name a secret as `secret` does.
 */
function normalisedName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/_+$/, '');
}

/** Whether the value of field `name` is a secret or a token. */
export function isSecretField(name: string): boolean {
  const normalised = normalisedName(name);
  return SECRET_FIELDS.has(normalised) || SECRET_ENDINGS.some((ending) => normalised.endsWith(ending));
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

/** A string with every token shape and every URL's user info and query string redacted. */
function redactedString(text: string): string {
  let redacted = text.includes('-sandbox-') ? text.replace(TOKEN_PATTERN, REDACTED) : text;
  // Most strings do not start with an `h`: the test of the first character spares them the patterns.
  const first = redacted.charCodeAt(0) | 0x20;
  if (first === 0x68 && /^https?:\/\//i.test(redacted) && /[?@]/.test(redacted)) {
    redacted = redactedUrl(redacted);
  }
  return redacted;
}

/**
 * `value` (JSON data, as parsed) with every secret and token replaced by {@link REDACTED}: the
 * whole value (a string, a list, an object: anything but `null`) of every member whose name
 * {@link isSecretField}, at any depth; every token shape inside any other string; and the user
 * info and query string of every URL. Works on the parsed value, so no spelling of a name or an
 * escape in the text hides a secret from it. Copy on write: a list or object with nothing to
 * redact inside is returned as it is (never changed), one with something is a new one that shares
 * its unchanged members, so a body with one token costs one shallow copy rather than a deep one.
 */
export function redact(value: unknown): unknown {
  if (typeof value === 'string') {
    return redactedString(value);
  }
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const entry = value[index];
      const redacted = redact(entry);
      if (redacted !== entry && copy === undefined) {
        copy = value.slice(0, index);
      }
      copy?.push(redacted);
    }
    return copy ?? value;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    let copy: Record<string, unknown> | undefined;
    const keys = Object.keys(record);
    for (let index = 0; index < keys.length; index++) {
      const name = keys[index] as string;
      const member = record[name];
      const redacted = member !== null && member !== undefined && isSecretName(name) ? REDACTED : redact(member);
      if (redacted !== member && copy === undefined) {
        copy = {};
        for (const earlier of keys.slice(0, index)) {
          copy[earlier] = record[earlier];
        }
      }
      if (copy !== undefined) {
        copy[name] = redacted;
      }
    }
    return copy ?? value;
  }
  return value;
}

/** Longest JSON text of one body kept in a record, in characters; a longer one is cut. */
export const MAX_BODY_CHARS = 32 * 1024;

/**
 * `value` redacted as JSON text, cut to {@link MAX_BODY_CHARS} with a note of the full length.
 * `json`, when given, is `JSON.stringify(value)` already made (the answer as sent): used as it is
 * when redaction changes nothing, so the value is not serialised twice.
 */
export function redactedJson(value: unknown, json?: string): string {
  const redacted = redact(value);
  const text = (redacted === value && json !== undefined ? json : JSON.stringify(redacted)) ?? 'null';
  return text.length <= MAX_BODY_CHARS
    ? text
    : `${text.slice(0, MAX_BODY_CHARS)}… [cut: ${text.length} characters in all]`;
}
