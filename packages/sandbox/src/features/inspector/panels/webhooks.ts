/**
 * The webhooks panel: the client's newest webhook deliveries with every attempt (status, duration,
 * the signature header, the next retry). URLs are shown without their query string, which may
 * carry a receiver's own token.
 */
import { redactedJson, redactedUrl } from '../../../engine/index.js';
import { type InspectorPanel, PAGE_LIMIT } from './panel.js';

/** `GET /inspector/api/webhooks` (optionally `?request_id=` for one request's webhooks). */
export const webhooksPanel: InspectorPanel = {
  name: 'webhooks',
  async read({ store, clientId, query }) {
    let select = store.db.selectFrom('webhook_outbox').selectAll().where('client_id', '=', clientId);
    const requestId = query.get('request_id');
    if (requestId) {
      select = select.where('request_id', '=', requestId);
    }
    const outbox = await select.orderBy('id', 'desc').limit(PAGE_LIMIT).execute();
    const ids = outbox.map((row) => row.id);
    const attempts =
      ids.length === 0
        ? []
        : await store.db
            .selectFrom('webhook_attempts')
            .selectAll()
            .where('outbox_id', 'in', ids)
            .orderBy('attempt', 'asc')
            .execute();
    const deliveries = outbox.map((row) => ({
      id: row.id,
      request_id: row.request_id,
      item_id: row.item_id,
      webhook_code: row.webhook_code,
      url: redactedUrl(row.url),
      created_at: row.created_at,
      state: row.delivered_at ? 'delivered' : row.failed_at ? 'given_up' : 'pending',
      delivered_at: row.delivered_at,
      failed_at: row.failed_at,
      next_attempt_at: row.delivered_at || row.failed_at ? null : row.next_attempt_at,
      last_error: row.last_error,
      // The payload may name a URL with a receiver's query string (new_webhook_url).
      body: redactedJson(JSON.parse(row.body)),
      attempts: attempts
        .filter((attempt) => attempt.outbox_id === row.id)
        .map((attempt) => ({
          attempt: attempt.attempt,
          started_at: attempt.started_at,
          duration_ms: attempt.duration_ms,
          status: attempt.status_code,
          error: attempt.error,
          signature: attempt.signature,
        })),
    }));
    return { deliveries };
  },
};
