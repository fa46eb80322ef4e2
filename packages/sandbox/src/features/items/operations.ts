/**
 * Items and their tokens: sandbox public and processor tokens, exchange (30-minute public
 * tokens, single use), rotation, removal, webhook update (with `WEBHOOK_UPDATE_ACKNOWLEDGED` sent
 * to the new URL) and import.
 */

import type { Transaction } from 'kysely';
import type { HandlerContext, HandlerGroup } from '../../engine/handler-types.js';
import { ENVIRONMENT } from '../../engine/ids.js';
import type { Database } from '../../engine/store/database.js';
import { enqueueWebhook } from '../../engine/webhooks/outbox.js';
import { checkWebhookUrl } from '../../engine/webhooks/url-policy.js';
import { invalidInstitution, loadInstitutions } from '../institutions/index.js';
import { CANONICAL_ITEM, type TestUser, testLogin } from '../world/index.js';
import { itemOfAccessToken } from './access.js';
import {
  importNotEnabled,
  invalidCredentials,
  invalidPublicToken,
  noCheckingAccount,
  productsNotSupported,
  webhookRefused,
} from './errors.js';
import { itemError, presentItem } from './present.js';
import {
  createItem,
  isLiveItem,
  issueAccessToken,
  issueProcessorToken,
  issuePublicToken,
  liveAccessToken,
  lockItem,
  removeItem,
  revokeToken,
  setItemWebhook,
  usePublicToken,
} from './queries.js';

/** The webhook URL, checked against the sandbox's URL policy; `field` names it in the error. */
function checkedWebhook(url: string, field: string): string {
  const verdict = checkWebhookUrl(url);
  if (!verdict.ok) {
    throw webhookRefused(field, url, verdict.reason);
  }
  return url;
}

/** The test user of `options`, or the 400 naming the wrong option. */
function loginOf(options: { override_username?: string; override_password?: string } | undefined): TestUser {
  const login = testLogin(options?.override_username, options?.override_password);
  if (!login.ok) {
    throw invalidCredentials(login.field, login.message);
  }
  return login.user;
}

/** Checks that `institutionId` is a sandbox institution supporting `products`. */
async function checkInstitution(context: HandlerContext, institutionId: string, products: readonly string[]) {
  const institution = (await loadInstitutions(context.store)).find((entry) => entry.institution_id === institutionId);
  if (!institution) {
    throw invalidInstitution('institution_id', institutionId);
  }
  const unsupported = products.filter((product) => product !== 'balance' && !institution.products.includes(product));
  if (unsupported.length > 0) {
    throw productsNotSupported({
      reason: 'institution',
      institutionId,
      products: unsupported,
      offered: institution.products,
    });
  }
}

/** The Item and token handlers. */
export const itemHandlers: HandlerGroup<
  | 'sandboxPublicTokenCreate'
  | 'sandboxProcessorTokenCreate'
  | 'itemPublicTokenExchange'
  | 'itemAccessTokenInvalidate'
  | 'itemRemove'
  | 'itemWebhookUpdate'
  | 'itemImport'
> = {
  async sandboxPublicTokenCreate(request, context) {
    const user = loginOf(request.options);
    const webhook = request.options?.webhook ? checkedWebhook(request.options.webhook, 'options.webhook') : null;
    await checkInstitution(context, request.institution_id, request.initial_products);
    const publicToken = await context.store.transaction(async (trx) => {
      const { itemId } = await createItem(trx, {
        clientId: context.client.client_id,
        institutionId: request.institution_id,
        user,
        products: request.initial_products,
        webhook,
        now: context.now,
      });
      return issuePublicToken(trx, context.client.client_id, itemId, context.now);
    });
    return { public_token: publicToken };
  },

  async sandboxProcessorTokenCreate(request, context) {
    const user = loginOf(request.options);
    await checkInstitution(context, request.institution_id, ['auth']);
    const processorToken = await context.store.transaction(async (trx) => {
      const { itemId, accounts } = await createItem(trx, {
        clientId: context.client.client_id,
        institutionId: request.institution_id,
        user,
        products: ['auth'],
        webhook: null,
        now: context.now,
      });
      const checking = accounts.find((account) => account.subtype === 'checking');
      if (!checking) {
        throw noCheckingAccount(user.username);
      }
      return issueProcessorToken(trx, context.client.client_id, itemId, checking.account_id, context.now);
    });
    return { processor_token: processorToken };
  },

  async itemPublicTokenExchange(request, context) {
    return context.store.transaction(async (trx) => {
      const itemId = await usePublicToken(trx, context.client.client_id, request.public_token, context.now);
      if (!itemId) {
        throw invalidPublicToken(request.public_token === CANONICAL_ITEM.publicToken ? 'canonical-used' : 'unknown');
      }
      if (!(await isLiveItem(trx, itemId))) {
        throw invalidPublicToken('item-removed');
      }
      // One access token per Item: the Item's live token if it has one (the canonical Item does).
      const accessToken =
        (await liveAccessToken(trx, itemId)) ??
        (await issueAccessToken(trx, context.client.client_id, itemId, context.now));
      return { access_token: accessToken, item_id: itemId };
    });
  },

  async itemAccessTokenInvalidate(request, context) {
    return context.store.transaction(async (trx) => {
      const item = await lockedItemOfAccessToken(trx, context, request.access_token);
      if (!(await revokeToken(trx, request.access_token, context.now))) {
        await itemOfAccessToken(trx, context.client.client_id, request.access_token);
      }
      return { new_access_token: await issueAccessToken(trx, context.client.client_id, item.item_id, context.now) };
    });
  },

  async itemRemove(request, context) {
    await context.store.transaction(async (trx) => {
      const item = await lockedItemOfAccessToken(trx, context, request.access_token);
      if (!(await removeItem(trx, item.item_id, context.now))) {
        // A concurrent removal won: answer as for any removed Item.
        await itemOfAccessToken(trx, context.client.client_id, request.access_token);
      }
    });
    return {};
  },

  async itemWebhookUpdate(request, context) {
    const webhook = checkedWebhook(request.webhook, 'webhook');
    const item = await context.store.transaction(async (trx) => {
      const found = await itemOfAccessToken(trx, context.client.client_id, request.access_token);
      await setItemWebhook(trx, found.item_id, webhook);
      const updated = { ...found, webhook };
      await enqueueWebhook(trx, {
        clientId: context.client.client_id,
        itemId: found.item_id,
        url: webhook,
        payload: {
          webhook_type: 'ITEM',
          webhook_code: 'WEBHOOK_UPDATE_ACKNOWLEDGED',
          item_id: found.item_id,
          error: itemError(updated),
          environment: ENVIRONMENT,
          new_webhook_url: webhook,
        },
        now: context.now,
        requestId: context.requestId,
      });
      return updated;
    });
    context.webhooksCommitted();
    return { item: presentItem(item) };
  },

  async itemImport(request, context) {
    if (context.client.exchange_integration !== 1) {
      throw importNotEnabled();
    }
    const webhook = request.options?.webhook ? checkedWebhook(request.options.webhook, 'options.webhook') : null;
    const user = loginOf(undefined);
    await checkInstitution(context, CANONICAL_ITEM.institutionId, request.products);
    return context.store.transaction(async (trx) => {
      const { itemId } = await createItem(trx, {
        clientId: context.client.client_id,
        institutionId: CANONICAL_ITEM.institutionId,
        user,
        products: request.products,
        webhook,
        now: context.now,
      });
      return {
        access_token: await issueAccessToken(trx, context.client.client_id, itemId, context.now),
        item_id: itemId,
      };
    });
  },
};

/**
 * The Item of a live access token, with the Item's row locked: the token is checked again once
 * the lock is held, so of two concurrent changes through one token (a removal and a rotation, say)
 * the second sees the first's outcome and is refused as for any token no longer valid.
 */
async function lockedItemOfAccessToken(trx: Transaction<Database>, context: HandlerContext, accessToken: string) {
  const item = await itemOfAccessToken(trx, context.client.client_id, accessToken);
  const locked = await lockItem(trx, context.store.engine, item.item_id);
  // Unlocked (SQLite: one writing transaction at a time), nothing changed since the read.
  return locked ? itemOfAccessToken(trx, context.client.client_id, accessToken) : item;
}
