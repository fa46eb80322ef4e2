/**
 * The requests panel as an HTTP Archive (HAR 1.2): every recorded request of the client (the
 * newest {@link HAR_LIMIT}, oldest first), each with the bodies exactly as the requests panel shows
 * them (redacted when recorded, `engine/inspector/redact.ts`), for tools that read traffic (`redocly
 * drift`, a browser's developer tools). The sandbox records no headers: each entry carries the
 * `Content-Type` of every answer and, when the body named no `client_id`, the credential headers
 * with the secret redacted, as the client must have sent them.
 */
import { harDocument, harEntry } from '@svc/server-kit';
import { REDACTED } from '../../../engine/index.js';
import { operationPaths } from '../../../generated/handlers.gen.js';
import type { InspectorPanel } from './panel.js';

/** Most requests one export holds (the newest). */
export const HAR_LIMIT = 5000;

/** What every HAR the sandbox writes names as its creator. */
export const HAR_CREATOR = { name: '@svc/sandbox inspector', version: '1' };

const JSON_TYPE = 'application/json';

/** Whether the recorded (redacted) request body names the client in its `client_id` field. */
function credentialsInBody(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as unknown;
    return typeof parsed === 'object' && parsed !== null && 'client_id' in parsed;
  } catch {
    return false;
  }
}

/** `GET /inspector/api/requests.har`: a download. */
export const requestsHarPanel: InspectorPanel = {
  name: 'requests.har',
  download: { fileName: 'sandbox-requests.har', mediaType: 'application/json; charset=utf-8' },
  async read({ store, clientId, origin }) {
    const rows = (
      await store.db
        .selectFrom('request_records')
        .selectAll()
        .where('client_id', '=', clientId)
        .orderBy('id', 'desc')
        .limit(HAR_LIMIT)
        .execute()
    ).reverse();
    const entries = rows.map((row) =>
      harEntry({
        startedAt: new Date(row.started_at),
        durationMs: row.duration_ms,
        method: 'POST',
        url: `${origin}${(operationPaths as Record<string, string>)[row.operation] ?? '/'}`,
        requestHeaders: {
          'Content-Type': JSON_TYPE,
          ...(credentialsInBody(row.request_body) ? {} : { 'SVC-CLIENT-ID': clientId, 'SVC-SECRET': REDACTED }),
        },
        requestBody: row.request_body,
        status: row.delivery === 'dropped_before' ? 0 : row.status,
        ...(row.delivery === 'dropped_before'
          ? {}
          : { responseHeaders: { 'Content-Type': JSON_TYPE }, responseBody: row.response_body }),
        custom: {
          requestId: row.request_id,
          operation: row.operation,
          clientTime: row.client_time,
          delivery: row.delivery,
          fault: row.fault,
          replay: row.replayed === 1,
          replayOf: row.replay_of,
        },
      }),
    );
    return harDocument(entries, HAR_CREATOR);
  },
};
