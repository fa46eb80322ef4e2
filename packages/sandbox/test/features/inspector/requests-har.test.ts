/**
 * The inspector's HAR export (`GET /inspector/api/requests.har`): every recorded request of the
 * signed-in client as HAR 1.2, with the bodies exactly as the requests panel shows them (the same
 * redaction: no secret, no token), the operation's URL on the origin the client used, a request
 * dropped before handling without a response; only with the client's credentials, never another
 * client's requests.
 */
import { EXAMPLE_CREDENTIALS } from '@svc/spec/examples';
import { expect, it } from 'vitest';
import { REDACTED } from '../../../src/engine/inspector/redact.js';
import { DEFAULT_CLIENT, DEMO_CLIENT } from '../../../src/features/world/index.js';
import { describeEngines, type TestSandbox } from '../../support/harness.js';
import { newItem } from '../../support/transfer-fixtures.js';

interface HarLog {
  log: {
    version: string;
    entries: {
      startedDateTime: string;
      request: { method: string; url: string; headers: { name: string; value: string }[]; postData?: { text: string } };
      response: { status: number; content: { text?: string } };
      _requestId: string;
      _operation: string;
      _delivery: string;
    }[];
  };
}

type Records = { records: { request_id: string; request_body: string; response_body: string; time: string }[] };

async function inspectorGet(
  sandbox: TestSandbox,
  path: string,
  client: { clientId: string; secret: string } = DEFAULT_CLIENT,
) {
  await sandbox.sandbox.flushRequestRecords();
  return fetch(`${sandbox.url}${path}`, {
    headers: { 'SVC-CLIENT-ID': client.clientId, 'SVC-SECRET': client.secret },
  });
}

describeEngines('inspector HAR export', (sandbox) => {
  it("exports the client's requests as HAR 1.2, redacted exactly as the requests panel shows them", async () => {
    const item = await newItem(sandbox());
    await sandbox().call('authGet', { access_token: 'access-sandbox-00000000-0000-4000-8000-000000000000' });
    // Credentials in the body: the entry carries no credential headers, the body its redacted secret.
    await fetch(`${sandbox().url}/auth/get`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        client_id: DEFAULT_CLIENT.clientId,
        secret: DEFAULT_CLIENT.secret,
        access_token: item.accessToken,
      }),
    });
    await fetch(`${sandbox().url}/auth/get`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'SVC-CLIENT-ID': DEFAULT_CLIENT.clientId,
        'SVC-SECRET': DEFAULT_CLIENT.secret,
        'SVC-Sandbox-Fault': 'drop=before',
      },
      body: JSON.stringify({ access_token: item.accessToken }),
    }).catch(() => undefined);
    await newItem(sandbox(), {}, 'demo');

    const reply = await inspectorGet(sandbox(), '/inspector/api/requests.har');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-disposition')).toBe('attachment; filename="sandbox-requests.har"');
    expect(reply.headers.get('cache-control')).toBe('no-store');
    const text = await reply.text();
    const har = JSON.parse(text) as HarLog;
    const { records } = (await (await inspectorGet(sandbox(), '/inspector/api/requests')).json()) as Records;

    expect(har.log.version).toBe('1.2');
    expect(har.log.entries.map((entry) => entry._requestId)).toEqual(records.map((record) => record.request_id));
    expect(har.log.entries.map((entry) => `${entry._operation} ${entry.response.status}`)).toEqual([
      'sandboxPublicTokenCreate 200',
      'itemPublicTokenExchange 200',
      'authGet 400',
      'authGet 200',
      'authGet 0',
    ]);
    for (const [index, entry] of har.log.entries.entries()) {
      const record = records[index];
      expect(entry.request.postData?.text).toBe(record?.request_body);
      expect(entry.startedDateTime).toBe(record?.time);
      if (entry._delivery === 'answered') {
        expect(entry.response.content.text).toBe(record?.response_body);
      } else {
        expect(entry.response.content.text).toBeUndefined();
      }
      expect(entry.request.method).toBe('POST');
    }
    expect(har.log.entries[3]?.request.url).toBe(`${sandbox().url}/auth/get`);
    expect(har.log.entries[0]?.request.headers).toEqual([
      { name: 'Content-Type', value: 'application/json' },
      { name: 'SVC-CLIENT-ID', value: DEFAULT_CLIENT.clientId },
      { name: 'SVC-SECRET', value: REDACTED },
    ]);
    expect(har.log.entries[3]?.request.headers).toEqual([{ name: 'Content-Type', value: 'application/json' }]);
    expect(JSON.parse(har.log.entries[3]?.request.postData?.text ?? '{}')).toMatchObject({ secret: REDACTED });
    for (const secret of [
      DEFAULT_CLIENT.secret,
      DEMO_CLIENT.secret,
      EXAMPLE_CREDENTIALS.secret,
      item.accessToken,
      'access-sandbox-',
      'public-sandbox-',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it("is the signed-in client's only, and refuses a request without credentials", async () => {
    await newItem(sandbox());
    await newItem(sandbox(), {}, 'demo');
    const idsOf = async (client: { clientId: string; secret: string }) => {
      const har = (await (await inspectorGet(sandbox(), '/inspector/api/requests.har', client)).json()) as HarLog;
      const { records } = (await (await inspectorGet(sandbox(), '/inspector/api/requests', client)).json()) as Records;
      expect(har.log.entries.map((entry) => entry._requestId)).toEqual(records.map((record) => record.request_id));
      return har.log.entries.map((entry) => entry._requestId);
    };
    const mine = await idsOf(DEFAULT_CLIENT);
    const theirs = await idsOf(DEMO_CLIENT);
    expect(theirs.length).toBeGreaterThan(0);
    expect(mine.filter((id) => theirs.includes(id))).toEqual([]);
    const anonymous = await fetch(`${sandbox().url}/inspector/api/requests.har`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error_code: 'MISSING_CREDENTIALS' });
  });
});
