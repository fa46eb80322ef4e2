/**
 * The requests panel: the client's recorded requests after the cursor `after` (oldest first, so
 * the page appends them), or the newest ones when there is no cursor, with their redacted bodies.
 */
import { cursorOf, type InspectorPanel, PAGE_LIMIT } from './panel.js';

/** `GET /inspector/api/requests?after=<id>`. */
export const requestsPanel: InspectorPanel = {
  name: 'requests',
  async read({ store, clientId, query }) {
    const after = cursorOf(query);
    const select = store.db.selectFrom('request_records').selectAll().where('client_id', '=', clientId);
    const rows =
      after > 0
        ? await select.where('id', '>', after).orderBy('id', 'asc').limit(PAGE_LIMIT).execute()
        : (await select.orderBy('id', 'desc').limit(PAGE_LIMIT).execute()).reverse();
    const records = rows.map((row) => ({
      id: row.id,
      time: row.started_at,
      request_id: row.request_id,
      operation: row.operation,
      status: row.status,
      error_code: row.error_code,
      duration_ms: row.duration_ms,
      request_body: row.request_body,
      response_body: row.response_body,
    }));
    return { records, after: records.at(-1)?.id ?? after };
  },
};
