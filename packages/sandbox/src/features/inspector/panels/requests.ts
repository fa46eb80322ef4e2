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
      /** When it arrived, on the sandbox's clock. */
      time: row.started_at,
      /** When it arrived, on the client's test clock. */
      client_time: row.client_time,
      request_id: row.request_id,
      operation: row.operation,
      /** The status answered, or that the lost answer had; null when dropped before handling. */
      status: row.delivery === 'dropped_before' ? null : row.status,
      error_code: row.error_code,
      duration_ms: row.duration_ms,
      /** `answered`, `dropped_before` (the client got nothing) or `dropped_after_commit` (changes committed, answer lost). */
      delivery: row.delivery,
      /** The fault it was given (`SVC-Sandbox-Fault: …` or `fault rule: …`), or null. */
      fault: row.fault,
      /** Whether it was answered with what its idempotency key already named. */
      replay: row.replayed === 1,
      /** The `request_id` of the request a replay repeats (null: none, or a seeded record). */
      replay_of: row.replay_of,
      request_body: row.request_body,
      response_body: row.response_body,
    }));
    return { records, after: records.at(-1)?.id ?? after };
  },
};
