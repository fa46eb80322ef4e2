/**
 * Items and their tokens: sandbox public and processor tokens, exchange (30-minute public
 * tokens, single use), rotation, removal, webhook update (with `WEBHOOK_UPDATE_ACKNOWLEDGED` sent
 * to the new URL) and import.
 */

import {
  checkWebhookUrl,
  ENVIRONMENT,
  finishWith,
  type HandlerContext,
  type HandlerGroup,
  together,
  webhookStatement,
  withoutAnyNamespace,
} from '../../engine/index.js';
import { invalidInstitution, loadInstitutions } from '../institutions/index.js';
import { CANONICAL_ITEM, type TestUser, testLogin } from '../world/index.js';
import {
  importNotEnabled,
  invalidAccessToken,
  invalidCredentials,
  invalidPublicToken,
  noCheckingAccount,
  productsNotSupported,
  webhookRefused,
} from './errors.js';
import { itemRoomStatements, refuseItemPastCap } from './item-limit.js';
import { itemError, presentItem } from './present.js';
import { accessTokenStatement, newItemStatements, processorTokenStatement, publicTokenStatement } from './queries.js';
import { exchangePublicToken, removeItemOfToken, rotateAccessToken, setWebhookOfTokenItem } from './token-claims.js';

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
      const clientId = context.client.client_id;
      const { itemId, statements } = newItemStatements(trx, {
        clientId,
        institutionId: request.institution_id,
        user,
        products: request.initial_products,
        webhook,
        now: context.now,
      });
      const issued = publicTokenStatement(trx, clientId, itemId, context.now);
      // Every id is made here: the count of the client's Items and all of the new one go out in
      // one flight; over the cap, the refusal rolls the inserts back.
      const answers = await together(trx, {
        ...itemRoomStatements(trx, clientId),
        created: [...statements, issued.statement],
      });
      refuseItemPastCap(answers);
      return issued.token;
    });
    return { public_token: publicToken };
  },

  async sandboxProcessorTokenCreate(request, context) {
    const user = loginOf(request.options);
    await checkInstitution(context, request.institution_id, ['auth']);
    const processorToken = await context.store.transaction(async (trx) => {
      const clientId = context.client.client_id;
      const { itemId, accounts, statements } = newItemStatements(trx, {
        clientId,
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
      const issued = processorTokenStatement(trx, clientId, itemId, checking.account_id, context.now);
      const answers = await together(trx, {
        ...itemRoomStatements(trx, clientId),
        created: [...statements, issued.statement],
      });
      refuseItemPastCap(answers);
      return issued.token;
    });
    return { processor_token: processorToken };
  },

  async itemPublicTokenExchange(request, context) {
    const clientId = context.client.client_id;
    return context.store.transaction(async (trx) => {
      const used = await exchangePublicToken(trx, clientId, request.public_token, context.now);
      if (!used) {
        throw invalidPublicToken(
          withoutAnyNamespace(request.public_token) === CANONICAL_ITEM.publicToken ? 'canonical-used' : 'unknown',
        );
      }
      if (!used.itemLive) {
        throw invalidPublicToken('item-removed');
      }
      // One access token per Item: the Item's live token if it has one (the canonical Item does).
      if (used.accessToken !== null) {
        return { access_token: used.accessToken, item_id: used.itemId };
      }
      const issued = accessTokenStatement(trx, clientId, used.itemId, context.now);
      await finishWith(trx, () => trx.executeQuery(issued.statement));
      return { access_token: issued.token, item_id: used.itemId };
    });
  },

  async itemAccessTokenInvalidate(request, context) {
    const clientId = context.client.client_id;
    return context.store.transaction(async (trx) => {
      const newToken = await rotateAccessToken(trx, clientId, request.access_token, context.now);
      if (newToken === undefined) {
        throw invalidAccessToken();
      }
      return { new_access_token: newToken };
    });
  },

  async itemRemove(request, context) {
    await context.store.transaction(async (trx) => {
      if (!(await removeItemOfToken(trx, context.client.client_id, request.access_token, context.now))) {
        // No live token and Item (a concurrent removal or rotation won): roll back what this did.
        throw invalidAccessToken();
      }
    });
    return {};
  },

  async itemWebhookUpdate(request, context) {
    const webhook = checkedWebhook(request.webhook, 'webhook');
    const clientId = context.client.client_id;
    const item = await context.store.transaction(async (trx) => {
      const updated = await setWebhookOfTokenItem(trx, clientId, request.access_token, webhook);
      if (!updated) {
        throw invalidAccessToken();
      }
      const acknowledgement = webhookStatement(trx, {
        clientId,
        itemId: updated.item_id,
        url: webhook,
        payload: {
          webhook_type: 'ITEM',
          webhook_code: 'WEBHOOK_UPDATE_ACKNOWLEDGED',
          item_id: updated.item_id,
          error: itemError(updated),
          environment: ENVIRONMENT,
          new_webhook_url: webhook,
        },
        now: context.now,
        requestId: context.requestId,
      });
      await finishWith(trx, () => trx.executeQuery(acknowledgement));
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
      const clientId = context.client.client_id;
      const { itemId, statements } = newItemStatements(trx, {
        clientId,
        institutionId: CANONICAL_ITEM.institutionId,
        user,
        products: request.products,
        webhook,
        now: context.now,
      });
      const issued = accessTokenStatement(trx, clientId, itemId, context.now);
      const answers = await together(trx, {
        ...itemRoomStatements(trx, clientId),
        created: [...statements, issued.statement],
      });
      refuseItemPastCap(answers);
      return { access_token: issued.token, item_id: itemId };
    });
  },
};
