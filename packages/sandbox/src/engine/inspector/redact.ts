/**
 * Redaction of what the inspector keeps: the one list of secrets and tokens that never leave the
 * sandbox in a request record. A value (a string, or a list of strings: every secret and token of
 * the API is one) is replaced by {@link REDACTED} when its field name is a secret or a token
 * ({@link SECRET_FIELDS}, or any name ending in `_token`, `_tokens`, `secret` or `password`), and
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

/** A JSON member: its name, then a string value or an array of plain values. */
const MEMBER = /"([^"\\]*)"\s*:\s*("(?:[^"\\]|\\.)*"|\[(?:[^[\]{}"]|"(?:[^"\\]|\\.)*")*\])/g;
/** A JSON string holding a URL with user info or a query string. */
const URL_STRING = /"(https?:\/\/(?:[^"\\?@]|\\.)*[?@](?:[^"\\]|\\.)*)"/gi;
/** A word every name {@link isSecretField} accepts contains. */
const SECRET_WORD = /token|secret|password/i;
/** {@link REDACTED} as JSON text. */
const REDACTED_JSON = JSON.stringify(REDACTED);

/**
 * `text` (JSON) with every secret and token replaced by {@link REDACTED}, without parsing it: the
 * value (a string or a list of strings) of every member whose name {@link isSecretField}, every
 * token shape anywhere, and the user info and query string of every URL. Cheaper than a parse
 * and a serialisation, so the request path can afford it.
 */
export function redactJsonText(text: string): string {
  // Most bodies name no secret at all: one scan for the words every secret name contains.
  let redacted = SECRET_WORD.test(text)
    ? text.replace(MEMBER, (member, name: string, value: string) =>
        isSecretName(name) ? `${member.slice(0, member.length - value.length)}${REDACTED_JSON}` : member,
      )
    : text;
  if (redacted.includes('-sandbox-')) {
    redacted = redacted.replace(TOKEN_PATTERN, REDACTED);
  }
  if (redacted.includes('http')) {
    redacted = redacted.replace(URL_STRING, (_whole, url: string) =>
      JSON.stringify(redactedUrl(JSON.parse(`"${url}"`) as string)),
    );
  }
  return redacted;
}

/** A copy of `value` (JSON data) with every secret and token replaced by {@link REDACTED}. */
export function redact(value: unknown): unknown {
  const text = JSON.stringify(value);
  return text === undefined ? undefined : JSON.parse(redactJsonText(text));
}

/** Longest JSON text of one body kept in a record, in characters; a longer one is cut. */
export const MAX_BODY_CHARS = 32 * 1024;

/** `value` redacted as JSON text, cut to {@link MAX_BODY_CHARS} with a note of the full length. */
export function redactedJson(value: unknown): string {
  const text = redactJsonText(JSON.stringify(value) ?? 'null');
  return text.length <= MAX_BODY_CHARS
    ? text
    : `${text.slice(0, MAX_BODY_CHARS)}… [cut: ${text.length} characters in all]`;
}
