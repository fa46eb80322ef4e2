/**
 * Webhook signatures. Every delivery carries `SVC-Signature: t=<unix seconds>,v1=<hex>` where
 * `<hex>` is HMAC-SHA256, keyed with the client's webhook secret, of `<t>.<raw body>`; and
 * `SVC-Webhook-Id`, the same on every attempt of one webhook (deduplicate on it). Receivers verify
 * the signature over the exact bytes received and refuse old timestamps (`@svc/client`'s
 * `verifyWebhookSignature` does both).
 */
import { createHmac } from 'node:crypto';
import { HEADER_NAMES } from '@svc/spec/headers';

/** Header with the signature (the spec's name). */
export const SIGNATURE_HEADER = HEADER_NAMES.webhookSignature;

/** Header with the webhook's id, identical on every attempt (the spec's name). */
export const WEBHOOK_ID_HEADER = HEADER_NAMES.webhookId;

/** The `SVC-Signature` value of `body` signed at `timestampSeconds` with `secret`. */
export function signWebhook(secret: string, body: string, timestampSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${mac}`;
}
