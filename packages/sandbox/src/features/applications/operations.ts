/**
 * Connected applications: the applications connected to an Item with the scopes its user granted
 * them (`/item/application/list`), replacing those scopes (`/item/application/scopes/update`),
 * and reading an application as a financial institution (`/application/get`).
 */

import type { components } from '@svc/spec/types';
import type { HandlerGroup } from '../../engine/handler-types.js';
import { fromJsonText, toJsonText } from '../../engine/json-text.js';
import { accountsOfItem, itemOfAccessToken } from '../items/index.js';
import { oldestFirst, presentApplication } from './applications.js';
import { applicationRefusalError } from './errors.js';
import {
  type ApplicationRow,
  applicationById,
  connectedApplications,
  hasLiveItem,
  isFinancialInstitution,
  saveScopes,
  storedScopes,
} from './queries.js';
import { defaultScopes, scopesProblem } from './scopes.js';

type Schemas = components['schemas'];

/** The requested scopes of a stored application. */
function requestedOf(row: ApplicationRow): Schemas['ConnectedApplicationRequestedScopes'] {
  return fromJsonText(row.requested_scopes);
}

/** The connected application handlers. */
export const applicationHandlers: HandlerGroup<
  'itemApplicationList' | 'itemApplicationScopesUpdate' | 'applicationGet'
> = {
  async itemApplicationList(request, context) {
    const db = context.store.db;
    const clientId = context.client.client_id;
    const applications = oldestFirst(await connectedApplications(db));
    if (request.access_token === undefined) {
      const connected = await hasLiveItem(db, clientId);
      return { applications: connected ? applications.map((row) => presentApplication(row, null)) : [] };
    }
    const item = await itemOfAccessToken(db, clientId, request.access_token);
    const accounts = await accountsOfItem(db, item);
    const presented: Schemas['ConnectedApplication'][] = [];
    for (const row of applications) {
      const stored = await storedScopes(db, item.item_id, row.application_id);
      const scopes = stored ? fromJsonText(stored) : defaultScopes(requestedOf(row), accounts);
      presented.push(presentApplication(row, scopes));
    }
    return { applications: presented };
  },

  async itemApplicationScopesUpdate(request, context) {
    const clientId = context.client.client_id;
    await context.store.transaction(async (trx) => {
      const item = await itemOfAccessToken(trx, clientId, request.access_token);
      const application = await applicationById(trx, request.application_id);
      if (application?.connected_to_items !== 1) {
        throw applicationRefusalError({ code: 'INVALID_APPLICATION_ID', applicationId: request.application_id });
      }
      const accounts = await accountsOfItem(trx, item);
      const problem = scopesProblem(application.application_id, requestedOf(application), accounts, request.scopes);
      if (problem) {
        throw applicationRefusalError({ code: 'SCOPES', problem });
      }
      await saveScopes(trx, {
        item_id: item.item_id,
        application_id: application.application_id,
        client_id: clientId,
        scopes: toJsonText(request.scopes),
        updated_at: context.now.toISOString(),
      });
    });
    return {};
  },

  async applicationGet(request, context) {
    const db = context.store.db;
    if (!(await isFinancialInstitution(db, context.client.client_id))) {
      throw applicationRefusalError({ code: 'PRODUCT_NOT_ENABLED' });
    }
    const application = await applicationById(db, request.application_id);
    if (!application) {
      throw applicationRefusalError({ code: 'INVALID_APPLICATION_ID', applicationId: request.application_id });
    }
    return { application: presentApplication(application, null) };
  },
};
