/**
 * The inspector of the sandbox, on its own port: `GET /inspector` serves the page
 * (`page-assets.ts`) and `GET /inspector/api/<panel>` answers one panel's data for the client that
 * the request's `SVC-CLIENT-ID` and `SVC-SECRET` headers authenticate (the API's own check and its
 * 401 error object). Every read is limited to that client. The request core in front of it applies
 * the API's access policy (allowed hosts and origins); answers are never cached and never carry a
 * credential. A client's data is shown out of its namespace (`engine/clients/client-namespace.ts`),
 * as the API answers it.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  createApiError,
  type ErrorCatalogue,
  newRequestId,
  readCredentials,
  requestPath,
  sendApiError,
  sendJson,
} from '@svc/server-kit';
import {
  type Authenticator,
  apiErrorOf,
  type ClientNamespace,
  type Clock,
  clientNow,
  isStoreOutage,
  SandboxError,
  STORE_OUTAGE_RETRY_AFTER,
  type Store,
  storeOutageError,
} from '../../engine/index.js';
import { loadPageAssets } from './page-assets.js';
import { eventsPanel } from './panels/events.js';
import { itemsPanel } from './panels/items.js';
import { linksPanel } from './panels/links.js';
import type { InspectorPanel } from './panels/panel.js';
import { requestsPanel } from './panels/requests.js';
import { requestsHarPanel } from './panels/requests-har.js';
import { webhooksPanel } from './panels/webhooks.js';

/** The path the inspector lives under. */
export const INSPECTOR_PATH = '/inspector';

/** The panels of the JSON API; a new panel is one module added here (and one on the page). */
export const INSPECTOR_PANELS: readonly InspectorPanel[] = [
  requestsPanel,
  requestsHarPanel,
  webhooksPanel,
  eventsPanel,
  itemsPanel,
  linksPanel,
];

/** What the inspector needs. */
export interface InspectorOptions {
  store: Store;
  authenticate: Authenticator;
  catalogue: ErrorCatalogue;
  clock: Clock;
  /** More panels (other features' data), besides {@link INSPECTOR_PANELS}. */
  panels?: readonly InspectorPanel[];
  /** Answers each client's data out of its namespace, as the API does; none: no translation. */
  namespace?: ClientNamespace;
}

/** Headers of every inspector answer: no caching, no framing, no other origin's scripts. */
const PAGE_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'",
};

/** Whether `url` is the inspector's (its page or its API). */
export function isInspectorPath(url: string): boolean {
  return url === INSPECTOR_PATH || url.startsWith(`${INSPECTOR_PATH}/`) || url.startsWith(`${INSPECTOR_PATH}?`);
}

/** The inspector's request handler (for requests whose path {@link isInspectorPath}). */
export async function createInspector(
  options: InspectorOptions,
): Promise<(req: IncomingMessage, res: ServerResponse) => void> {
  const assets = await loadPageAssets();
  const panels = new Map([...INSPECTOR_PANELS, ...(options.panels ?? [])].map((panel) => [panel.name, panel]));
  return (req, res) => {
    req.resume();
    const requestId = newRequestId();
    const url = req.url ?? '/';
    const path = requestPath(url);
    const method = req.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') {
      sendApiError(res, {
        error: createApiError({
          errorType: 'INVALID_REQUEST',
          errorCode: 'METHOD_NOT_ALLOWED',
          message: `${path} does not accept ${method}; allowed: GET`,
          requestId,
          suggestedAction: 'Send the request as GET.',
        }),
        headers: { Allow: 'GET, HEAD', ...PAGE_HEADERS },
      });
      return;
    }
    const asset = assets.get(path);
    if (asset) {
      res.writeHead(200, { 'Content-Type': asset.type, 'Content-Length': asset.body.length, ...PAGE_HEADERS });
      res.end(method === 'HEAD' ? undefined : asset.body);
      return;
    }
    const panel = path.startsWith(`${INSPECTOR_PATH}/api/`)
      ? panels.get(path.slice(`${INSPECTOR_PATH}/api/`.length))
      : undefined;
    if (!panel) {
      sendApiError(res, {
        error: createApiError({
          errorType: 'INVALID_REQUEST',
          errorCode: 'NOT_FOUND',
          message: `nothing of the inspector at path ${path}`,
          requestId,
          suggestedAction: `Open ${INSPECTOR_PATH}; its data is under ${INSPECTOR_PATH}/api/ (${[...panels.keys()].join(', ')}).`,
        }),
        headers: PAGE_HEADERS,
      });
      return;
    }
    answerPanel(req, res, panel, options, requestId, url).catch((error: unknown) => {
      if (isStoreOutage(error)) {
        sendApiError(res, {
          error: storeOutageError(requestId),
          headers: { 'Retry-After': STORE_OUTAGE_RETRY_AFTER, ...PAGE_HEADERS },
        });
        return;
      }
      const apiError =
        error instanceof SandboxError
          ? apiErrorOf(error, options.catalogue, requestId)
          : createApiError({
              errorType: 'API_ERROR',
              errorCode: 'INTERNAL_SERVER_ERROR',
              message: `the inspector failed unexpectedly; the failure is logged with request_id ${requestId}`,
              requestId,
            });
      sendApiError(res, { error: apiError, headers: PAGE_HEADERS });
    });
  };
}

/** Authenticates the request by its headers only and answers the panel's data for that client. */
async function answerPanel(
  req: IncomingMessage,
  res: ServerResponse,
  panel: InspectorPanel,
  options: InspectorOptions,
  requestId: string,
  url: string,
): Promise<void> {
  const credentials = readCredentials(req.headers, {}, requestId);
  if (!credentials.ok) {
    sendApiError(res, { ...credentials.response, headers: { ...credentials.response.headers, ...PAGE_HEADERS } });
    return;
  }
  const client = await options.authenticate(credentials.credentials);
  const query = new URL(url, 'http://inspector.invalid').searchParams;
  const realNow = options.clock.now();
  const now = clientNow(realNow, client);
  // The request core has already refused a Host header the API's access policy does not allow.
  const origin = `http://${req.headers.host ?? '127.0.0.1'}`;
  const stored = await panel.read({ store: options.store, clientId: client.client_id, query, now, realNow, origin });
  // The client's canonical values as the API names them, not as its namespace stores them.
  const data = options.namespace ? options.namespace.outbound(stored, client.client_id) : stored;
  if (panel.download) {
    sendJson(res, 200, data, {
      ...PAGE_HEADERS,
      'Content-Type': panel.download.mediaType,
      'Content-Disposition': `attachment; filename="${panel.download.fileName}"`,
    });
    return;
  }
  sendJson(res, 200, { ...data, request_id: requestId }, PAGE_HEADERS);
}
