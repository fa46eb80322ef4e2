/**
 * Item errors and webhooks on demand: `/sandbox/item/fire_webhook` sends any Item webhook to the
 * Item's webhook URL; `/sandbox/item/reset_login` puts the Item into `ITEM_LOGIN_REQUIRED` (with
 * the `ITEM_ERROR` webhook) and `/sandbox/item/repair_login` takes it out again (with
 * `LOGIN_REPAIRED`). Every webhook goes through the outbox in the transaction of the change, as
 * its last statement (sent with the commit on PostgreSQL: two round trips in all).
 */
import type { Transaction } from 'kysely';
import {
  type Database,
  finishWith,
  type HandlerContext,
  type HandlerGroup,
  together,
  webhookStatement,
} from '../../engine/index.js';
import { itemOfAccessToken, type LiveItem, liveItemOf, liveTokenOf, liveTokenStatement } from './access.js';
import { sandboxItemWebhookNotSet } from './errors.js';
import { type ItemWebhookCode, itemWebhookPayload } from './item-webhooks.js';
import { loginRequiredStatement } from './token-claims.js';

/**
 * Queues the Item webhook `code` about `item` (as it is now) as the transaction's last statement,
 * when the Item has a webhook URL; returns whether it did.
 */
async function finishWithItemWebhook(
  trx: Transaction<Database>,
  context: HandlerContext,
  item: LiveItem,
  code: ItemWebhookCode,
): Promise<boolean> {
  const url = item.webhook;
  if (url === null) {
    return false;
  }
  const statement = webhookStatement(trx, {
    clientId: context.client.client_id,
    itemId: item.item_id,
    url,
    payload: itemWebhookPayload(code, { ...item, webhook: url }, context.now),
    now: context.now,
    requestId: context.requestId,
  });
  await finishWith(trx, () => trx.executeQuery(statement));
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
  const clientId = context.client.client_id;
  const { changed, queued } = await context.store.transaction(async (trx) => {
    // One flight: the token's lookup and the conditional update (which changes nothing when the
    // token is not live, or the Item already is in that state).
    const [token, update] = await together(trx, [
      liveTokenStatement(trx, clientId, accessToken, 'access'),
      loginRequiredStatement(trx, clientId, accessToken, required),
    ]);
    liveItemOf(liveTokenOf(token.rows[0]));
    const [item] = update.rows;
    if (!item) {
      return { changed: false, queued: false };
    }
    return { changed: true, queued: await finishWithItemWebhook(trx, context, item, code) };
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
      if (!(await finishWithItemWebhook(trx, context, item, request.webhook_code))) {
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
