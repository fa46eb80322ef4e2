/**
 * The links of one request: the webhooks and the transfer and bank transfer events it created,
 * found by the `request_id` they were stored with.
 */
import { type InspectorPanel, PAGE_LIMIT } from './panel.js';

/** `GET /inspector/api/links?request_id=<id>`. */
export const linksPanel: InspectorPanel = {
  name: 'links',
  async read({ store, clientId, query }) {
    const requestId = query.get('request_id') ?? '';
    const [webhooks, transferEvents, bankTransferEvents] = await Promise.all([
      store.db
        .selectFrom('webhook_outbox')
        .select(['id', 'webhook_code'])
        .where('client_id', '=', clientId)
        .where('request_id', '=', requestId)
        .limit(PAGE_LIMIT)
        .execute(),
      store.db
        .selectFrom('transfer_events')
        .select(['event_id', 'transfer_id', 'event_type'])
        .where('client_id', '=', clientId)
        .where('request_id', '=', requestId)
        .limit(PAGE_LIMIT)
        .execute(),
      store.db
        .selectFrom('bank_transfer_events')
        .select(['event_id', 'bank_transfer_id', 'event_type'])
        .where('client_id', '=', clientId)
        .where('request_id', '=', requestId)
        .limit(PAGE_LIMIT)
        .execute(),
    ]);
    return {
      request_id: requestId,
      webhooks,
      transfer_events: transferEvents,
      bank_transfer_events: bankTransferEvents,
    };
  },
};
