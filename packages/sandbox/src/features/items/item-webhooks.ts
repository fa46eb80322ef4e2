/**
 * The payloads of the Item webhooks (`SandboxItemWebhookCode`: every webhook of the spec that is
 * about one Item), built from the Item as it is, with sample values where an event carries data.
 * `/sandbox/item/fire_webhook` sends them; each is valid against its webhook's schema (checked by
 * the fire_webhook tests against the spec).
 */
import type { components } from '@svc/spec/types';
import { ENVIRONMENT, randomId } from '../../engine/index.js';
import type { LiveItem } from './access.js';
import { itemError, loginRequiredError } from './present.js';

type Schemas = components['schemas'];

/** An Item webhook code. */
export type ItemWebhookCode = Schemas['SandboxItemWebhookCode'];

/** How far ahead a fired `PENDING_EXPIRATION` puts the consent's expiry. */
export const PENDING_EXPIRATION_NOTICE_MS = 7 * 24 * 60 * 60 * 1000;

/** A webhook payload (one of the spec's webhook schemas). */
export type WebhookPayload = { webhook_code: string } & Record<string, unknown>;

/**
 * The payload of `code` for `item` at `now`: `item_id`, the Item's `error` and the environment,
 * plus what the event carries (1 new transaction, one removed transaction id, the Item's error or
 * else `ITEM_LOGIN_REQUIRED`, a consent expiring 7 days after `now`, the Item's webhook URL).
 */
export function itemWebhookPayload(
  code: ItemWebhookCode,
  item: LiveItem & { webhook: string },
  now: Date,
): WebhookPayload {
  const common = { item_id: item.item_id, error: itemError(item), environment: ENVIRONMENT };
  switch (code) {
    case 'WEBHOOK_UPDATE_ACKNOWLEDGED':
      return { webhook_type: 'ITEM', webhook_code: code, ...common, new_webhook_url: item.webhook };
    case 'DEFAULT_UPDATE':
      return { webhook_type: 'TRANSACTIONS', webhook_code: code, ...common, new_transactions: 1 };
    case 'TRANSACTIONS_REMOVED':
      return { webhook_type: 'TRANSACTIONS', webhook_code: code, ...common, removed_transactions: [randomId()] };
    case 'ITEM_ERROR':
    case 'USER_PERMISSION_REVOKED':
      return { webhook_type: 'ITEM', webhook_code: code, ...common, error: common.error ?? loginRequiredError() };
    case 'PENDING_EXPIRATION':
      return {
        webhook_type: 'ITEM',
        webhook_code: code,
        ...common,
        consent_expiration_time: new Date(now.getTime() + PENDING_EXPIRATION_NOTICE_MS)
          .toISOString()
          .replace(/\.\d{3}Z$/, 'Z'),
      };
    case 'LOGIN_REPAIRED':
      return { webhook_type: 'ITEM', webhook_code: code, ...common };
  }
}
