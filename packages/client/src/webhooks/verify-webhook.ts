/**
 * Verifies the signature of a webhook delivery before parsing it. The server signs every
 * delivery with `SVC-Signature: t=<unix seconds>,v1=<hex>`, where `<hex>` is HMAC-SHA256 keyed
 * with your client's webhook secret over `<t>.<raw body>`. Uses Web Crypto, so it runs in
 * browsers, Node (>= 20) and edge runtimes.
 */
import { SvcWebhookError } from '../errors.js';
import { webhookIdHeader, webhookSignatureHeader } from '../generated/headers.gen.js';
import { parseWebhook, type WebhookPayload } from './parse-webhook.js';

/** The header that carries the signature. */
export const WEBHOOK_SIGNATURE_HEADER = webhookSignatureHeader;

/** The header with the webhook's id, identical on every delivery attempt: deduplicate on it. */
export const WEBHOOK_ID_HEADER = webhookIdHeader;

/** Options of {@link verifyWebhook}. */
export interface VerifyWebhookOptions {
  /** The `SVC-Signature` header as received. */
  signature: string | null | undefined;
  /** Your client's webhook signing secret. */
  secret: string;
  /** Oldest accepted signature, in seconds before `now` (default 300); also the most in the future. */
  toleranceSeconds?: number;
  /** The current time (default: now). */
  now?: Date;
}

const encoder = new TextEncoder();

/**
 * Checks that `body` (the raw bytes or text received, not re-serialized JSON) was signed with
 * `secret` within the tolerance, then parses it like {@link parseWebhook}. Throws an
 * `SvcWebhookError` with reason `INVALID_SIGNATURE` (missing or malformed header, too old,
 * or not matching), or the reasons of `parseWebhook`.
 *
 * @example
 * const webhook = await verifyWebhook(await request.text(), {
 *   signature: request.headers.get('SVC-Signature'),
 *   secret: process.env.SVC_WEBHOOK_SECRET!,
 * });
 */
export async function verifyWebhook(body: string | Uint8Array, options: VerifyWebhookOptions): Promise<WebhookPayload> {
  const bytes = typeof body === 'string' ? encoder.encode(body) : body;
  const fail = (problem: string): never => {
    throw new SvcWebhookError({ reason: 'INVALID_SIGNATURE', webhook_code: null, problems: [problem] });
  };
  if (!options.signature) {
    fail(`the ${WEBHOOK_SIGNATURE_HEADER} header is missing`);
  }
  const parts = new Map(
    String(options.signature)
      .split(',')
      .map((part) => part.trim().split('=', 2) as [string, string | undefined]),
  );
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) {
    fail(`the ${WEBHOOK_SIGNATURE_HEADER} header is not of the form t=<unix seconds>,v1=<64 hex digits>`);
  }
  const tolerance = options.toleranceSeconds ?? 300;
  const age = Math.floor((options.now ?? new Date()).getTime() / 1000) - timestamp;
  if (Math.abs(age) > tolerance) {
    fail(`the signature is ${age} s old, outside the tolerance of ${tolerance} s (a replay or a wrong clock)`);
  }
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(options.secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  const prefix = encoder.encode(`${timestamp}.`);
  const signed = new Uint8Array(prefix.length + bytes.length);
  signed.set(prefix);
  signed.set(bytes, prefix.length);
  // `verify` compares the HMAC with the given one in constant time.
  const signature = Uint8Array.from(given.match(/../g) as string[], (pair) => Number.parseInt(pair, 16));
  if (!(await crypto.subtle.verify('HMAC', key, signature, signed))) {
    fail('the signature does not match the body: check the webhook secret and verify the raw body as received');
  }
  return parseWebhook(bytes);
}
