/**
 * Item errors and webhooks on demand: `/sandbox/item/fire_webhook` sends any Item webhook to the
 * Item's webhook URL; `/sandbox/item/reset_login` puts the Item into `ITEM_LOGIN_REQUIRED` (with
 * the `ITEM_ERROR` webhook) and `/sandbox/item/repair_login` takes it out again (with
 * `LOGIN_REPAIRED`). Every webhook goes through the outbox in the transaction of the change.
 */
import type { Transaction } from 'kysely';
import type { HandlerContext, HandlerGroup } from '../../engine/handler-types.js';
import type { Database } from '../../engine/store/database.js';
import { enqueueWebhook } from '../../engine/webhooks/outbox.js';
import { itemOfAccessToken, type LiveItem } from './access.js';
import { sandboxItemWebhookNotSet } from './errors.js';
import { type ItemWebhookCode, itemWebhookPayload } from './item-webhooks.js';
import { setLoginRequired } from './queries.js';

/** Queues the Item webhook `code` about `item` (as it is now), when the Item has a webhook URL; returns whether it did. */
async function sendItemWebhook(
  trx: Transaction<Database>,
  context: HandlerContext,
  item: LiveItem,
  code: ItemWebhookCode,
): Promise<boolean> {
  const url = item.webhook;
  if (url === null) {
    return false;
  }
  await enqueueWebhook(trx, {
    clientId: context.client.client_id,
    itemId: item.item_id,
    url,
    payload: itemWebhookPayload(code, { ...item, webhook: url }, context.now),
    now: context.now,
    requestId: context.requestId,
  });
  return true;
}

/**
 * Sets the Item's login state to `required` in one transaction and, when it changed, sends
 * `code` about the Item as it is afterwards. Returns whether it changed.
 */
async function changeLoginState(
  context: HandlerContext,
  accessToken: string,
  required: boolean,
  code: ItemWebhookCode,
): Promise<boolean> {
  const { changed, queued } = await context.store.transaction(async (trx) => {
    const item = await itemOfAccessToken(trx, context.client.client_id, accessToken);
    if (!(await setLoginRequired(trx, item.item_id, required))) {
      return { changed: false, queued: false };
    }
    const queuedNow = await sendItemWebhook(trx, context, { ...item, login_required: required ? 1 : 0 }, code);
    return { changed: true, queued: queuedNow };
  });
  if (queued) {
    context.webhooksCommitted();
  }
  return changed;
}

/** The Item sandbox handlers. */
export const itemSandboxHandlers: HandlerGroup<
  'sandboxItemFireWebhook' | 'sandboxItemResetLogin' | 'sandboxItemRepairLogin'
> = {
  async sandboxItemFireWebhook(request, context) {
    await context.store.transaction(async (trx) => {
      const item = await itemOfAccessToken(trx, context.client.client_id, request.access_token);
      if (!(await sendItemWebhook(trx, context, item, request.webhook_code))) {
        throw sandboxItemWebhookNotSet(item.item_id, request.webhook_code);
      }
    });
    context.webhooksCommitted();
    return { webhook_fired: true };
  },

  async sandboxItemResetLogin(request, context) {
    await changeLoginState(context, request.access_token, true, 'ITEM_ERROR');
    return { reset_login: true };
  },

  async sandboxItemRepairLogin(request, context) {
    return { login_repaired: await changeLoginState(context, request.access_token, false, 'LOGIN_REPAIRED') };
  },
};
