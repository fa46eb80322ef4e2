/**
 * Parses and validates an incoming webhook body. Runs in browsers and on any server: no Node
 * APIs, no Ajv (the checks are generated at build time, see src/generated/webhooks.gen.ts).
 */
import { SvcWebhookError } from '../errors.js';
import { type WebhookPayloads, webhookChecks, webhookPayloadChecks } from '../generated/webhooks.gen.js';
import { type Check, checkValue } from './check.js';

/** The `webhook_code` of a webhook this client knows. */
export type WebhookCode = keyof WebhookPayloads;

/** Any webhook payload: a union discriminated by `webhook_code` (and grouped by `webhook_type`). */
export type WebhookPayload = WebhookPayloads[WebhookCode];

/** A webhook body as a server receives it: raw text or bytes, or JSON already parsed. */
export type WebhookBody = string | Uint8Array | ArrayBuffer | Record<string, unknown>;

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * Parses a webhook body and checks it against the payload schema of its `webhook_code`.
 * Returns the payload typed by its code; throws an {@link SvcWebhookError} naming what is wrong
 * (not JSON, not an object, an unknown `webhook_code`, or each field that breaks the schema).
 *
 * @example
 * const webhook = parseWebhook(await request.text());
 * switch (webhook.webhook_code) {
 *   case 'DEFAULT_UPDATE':
 *     await syncTransactions(webhook.item_id, webhook.new_transactions);
 *     break;
 * }
 */
export function parseWebhook(body: WebhookBody): WebhookPayload {
  const value = decode(body);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new SvcWebhookError({
      reason: 'NOT_AN_OBJECT',
      webhook_code: null,
      problems: [`the body must be a JSON object, got ${Array.isArray(value) ? 'an array' : JSON.stringify(value)}`],
    });
  }
  const code = (value as { webhook_code?: unknown }).webhook_code;
  if (typeof code !== 'string' || !Object.hasOwn(webhookPayloadChecks, code)) {
    const known = Object.keys(webhookPayloadChecks).join(', ');
    throw new SvcWebhookError({
      reason: 'UNKNOWN_WEBHOOK_CODE',
      webhook_code: typeof code === 'string' ? code : null,
      problems: [
        typeof code === 'string'
          ? `webhook_code "${code}" is not one of ${known}; acknowledge it and update @svc/client`
          : `the body must have a string webhook_code (one of ${known})`,
      ],
    });
  }
  const problems: string[] = [];
  checkValue(value, webhookPayloadChecks[code] as Check, webhookChecks, '', problems);
  if (problems.length > 0) {
    throw new SvcWebhookError({ reason: 'INVALID_PAYLOAD', webhook_code: code, problems });
  }
  return value as WebhookPayload;
}

/** The JSON value of a body; text and bytes are parsed as UTF-8 JSON. */
function decode(body: WebhookBody): unknown {
  if (typeof body !== 'string' && !(body instanceof Uint8Array) && !(body instanceof ArrayBuffer)) {
    return body;
  }
  let text: string;
  try {
    text = typeof body === 'string' ? body : decoder.decode(body);
  } catch {
    throw new SvcWebhookError({ reason: 'INVALID_JSON', webhook_code: null, problems: ['the body is not UTF-8'] });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new SvcWebhookError({
      reason: 'INVALID_JSON',
      webhook_code: null,
      problems: [`the body is not JSON (${detail})`],
    });
  }
}
