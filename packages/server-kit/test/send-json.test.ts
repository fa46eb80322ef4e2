import { describe, expect, it } from 'vitest';
import { sendJson, sendJsonText } from '../src/send-json.js';
import { inject } from '../src/server/inject.js';
import type { LogEntry } from '../src/server/log.js';
import { createRequestCore } from '../src/server/request-core.js';

const openapi = { json: '{}', yaml: '' };
const body = { error_code: 'ITEM_NOT_FOUND', request_id: 'R1', note: 'é' };

/** A core whose handler answers with `send`, and the log entries it wrote. */
async function answered(send: Parameters<typeof createRequestCore>[0]['handle']) {
  const logs: LogEntry[] = [];
  const listener = createRequestCore({
    service: 'svc-test',
    openapi,
    logger: (entry) => logs.push(entry),
    handle: send,
  });
  const response = await inject(listener, { method: 'POST', url: '/x', body: {} });
  return { response, logs };
}

describe('sendJsonText', () => {
  it('answers exactly as sendJson does for the same body, log line included', async () => {
    const viaObject = await answered((_req, res) => sendJson(res, 404, body, { 'Retry-After': '1' }));
    const viaText = await answered((_req, res) =>
      sendJsonText(
        res,
        404,
        JSON.stringify(body),
        { 'Retry-After': '1' },
        { requestId: 'R1', errorCode: 'ITEM_NOT_FOUND' },
      ),
    );
    expect(viaText.response.status).toBe(404);
    expect(viaText.response.body).toBe(viaObject.response.body);
    expect(viaText.response.headers).toEqual(viaObject.response.headers);
    expect(viaText.response.headers['content-length']).toBe(Buffer.byteLength(JSON.stringify(body)));
    const withoutDuration = (entries: LogEntry[]) => entries.map(({ duration_ms: _, ...rest }) => rest);
    expect(withoutDuration(viaText.logs)).toEqual(withoutDuration(viaObject.logs));
    expect(viaText.logs[0]).toMatchObject({ request_id: 'R1', error_code: 'ITEM_NOT_FOUND' });
  });

  it('writes nothing once the response is sent', async () => {
    const { response } = await answered((_req, res) => {
      sendJsonText(res, 200, '{"a":1}');
      sendJsonText(res, 500, '{"b":2}');
    });
    expect(response.status).toBe(200);
    expect(response.body).toBe('{"a":1}');
  });
});
