/**
 * Connected applications: the applications connected to an Item with the scopes its user granted
 * them (`/item/application/list`), replacing those scopes (`/item/application/scopes/update`),
 * and reading an application as a financial institution (`/application/get`).
 */

import type { components } from '@svc/spec/types';
import { finishWith, fromJsonText, type HandlerGroup, together, toJsonText } from '../../engine/index.js';
import { accountsOfTokenStatement, liveItemOf, liveTokenOf, liveTokenStatement } from '../items/index.js';
import { oldestFirst, presentApplication } from './applications.js';
import { applicationRefusalError } from './errors.js';
import {
  type ApplicationRow,
  applicationByIdStatement,
  connectedApplicationsStatement,
  financialInstitutionStatement,
  liveItemOfClientStatement,
  saveScopesStatement,
  scopesOfTokenStatement,
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
    const token = request.access_token;
    if (token === undefined) {
      const [applications, live] = await together(db, [
        connectedApplicationsStatement(db),
        liveItemOfClientStatement(db, clientId),
      ]);
      const connected = live.rows.length > 0;
      return {
        applications: connected ? oldestFirst(applications.rows).map((row) => presentApplication(row, null)) : [],
      };
    }
    // One round trip: the applications, the token with its Item, and the Item's accounts and
    // stored scopes read by the token (kept once the token is known to be live).
    const [applications, found, accounts, stored] = await together(db, [
      connectedApplicationsStatement(db),
      liveTokenStatement(db, clientId, token, 'access'),
      accountsOfTokenStatement(db, clientId, token),
      scopesOfTokenStatement(db, clientId, token),
    ]);
    liveItemOf(liveTokenOf(found.rows[0]));
    const storedOf = new Map(stored.rows.map((row) => [row.application_id, row.scopes]));
    const presented = oldestFirst(applications.rows).map((row) => {
      const scopes = storedOf.get(row.application_id);
      return presentApplication(row, scopes ? fromJsonText(scopes) : defaultScopes(requestedOf(row), accounts.rows));
    });
    return { applications: presented };
  },

  async itemApplicationScopesUpdate(request, context) {
    const clientId = context.client.client_id;
    await context.store.transaction(async (trx) => {
      // One flight: the token with its Item, the application and the Item's accounts (read by the token).
      const [found, named, accounts] = await together(trx, [
        liveTokenStatement(trx, clientId, request.access_token, 'access'),
        applicationByIdStatement(trx, request.application_id),
        accountsOfTokenStatement(trx, clientId, request.access_token),
      ]);
      const item = liveItemOf(liveTokenOf(found.rows[0]));
      const [application] = named.rows;
      if (application?.connected_to_items !== 1) {
        throw applicationRefusalError({ code: 'INVALID_APPLICATION_ID', applicationId: request.application_id });
      }
      const problem = scopesProblem(
        application.application_id,
        requestedOf(application),
        accounts.rows,
        request.scopes,
      );
      if (problem) {
        throw applicationRefusalError({ code: 'SCOPES', problem });
      }
      const save = saveScopesStatement(trx, {
        item_id: item.item_id,
        application_id: application.application_id,
        client_id: clientId,
        scopes: toJsonText(request.scopes),
        updated_at: context.now.toISOString(),
      });
      await finishWith(trx, () => trx.executeQuery(save));
    });
    return {};
  },

  async applicationGet(request, context) {
    const db = context.store.db;
    const [institution, found] = await together(db, [
      financialInstitutionStatement(db, context.client.client_id),
      applicationByIdStatement(db, request.application_id),
    ]);
    if (institution.rows.length === 0) {
      throw applicationRefusalError({ code: 'PRODUCT_NOT_ENABLED' });
    }
    const [application] = found.rows;
    if (!application) {
      throw applicationRefusalError({ code: 'INVALID_APPLICATION_ID', applicationId: request.application_id });
    }
    return { application: presentApplication(application, null) };
  },
};
