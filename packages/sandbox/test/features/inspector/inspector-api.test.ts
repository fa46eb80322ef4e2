/**
 * The inspector's JSON API and page on both engines: the page and its modules are served with a
 * strict content security policy; every panel answers only with the client id and secret headers
 * (the API's 401 error objects otherwise); one client never sees another's requests, webhooks,
 * events or Items; no answer and no log line carries a secret or a token; the API's access policy
 * (allowed hosts) applies; a webhook delivery lists every attempt with its signature header and
 * its URL without the query string.
 */
import { request } from 'node:http';
import { afterEach, expect, it } from 'vitest';
import { systemClock } from '../../../src/engine/clock.js';
import { DEFAULT_CLIENT, DEMO_CLIENT } from '../../../src/features/world/index.js';
import { type As, describeEngines, type TestSandbox } from '../../support/harness.js';
import { type Receiver, startReceiver } from '../../support/receiver.js';
import {
  authorizationRequest,
  authorizeAndCreate,
  newItem,
  newKey,
  transferRequest,
} from '../../support/transfer-fixtures.js';

const PANELS = ['requests', 'webhooks', 'events', 'items', 'links', 'clock', 'fault_rules'];

function headersOf(as: As): Record<string, string> {
  if (as === 'none') {
    return {};
  }
  const client = as === 'default' ? DEFAULT_CLIENT : as === 'demo' ? DEMO_CLIENT : as;
  return { 'SVC-CLIENT-ID': client.clientId, 'SVC-SECRET': client.secret };
}

/** GET an inspector path as `as`; returns the status, headers and the body as text. */
async function get(sandbox: TestSandbox, path: string, as: As = 'default') {
  await sandbox.sandbox.flushRequestRecords();
  const response = await fetch(`${sandbox.url}${path}`, { headers: headersOf(as) });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function panel<T = Record<string, unknown>>(sandbox: TestSandbox, name: string, as: As = 'default', query = '') {
  const reply = await get(sandbox, `/inspector/api/${name}${query}`, as);
  expect(reply.status, reply.text).toBe(200);
  return JSON.parse(reply.text) as T;
}

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

describeEngines(
  'inspector',
  (sandbox) => {
    it('serves the page and its modules, self-contained, never cached', async () => {
      const page = await get(sandbox(), '/inspector', 'none');
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(page.text).toContain('<form id="sign-in"');
      for (const [path, type] of [
        ['/inspector/app.js', 'text/javascript'],
        ['/inspector/panels/webhooks.js', 'text/javascript'],
        ['/inspector/style.css', 'text/css'],
      ] as const) {
        const asset = await get(sandbox(), path, 'none');
        expect(asset.status).toBe(200);
        expect(asset.headers.get('content-type')).toContain(type);
        expect(asset.text).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)/);
      }
      const missing = await get(sandbox(), '/inspector/../package.json', 'none');
      expect(missing.status).not.toBe(200);
      const unknown = await get(sandbox(), '/inspector/api/nothing');
      expect(unknown.status).toBe(404);
      expect(JSON.parse(unknown.text)).toMatchObject({ error_code: 'NOT_FOUND' });
      const post = await fetch(`${sandbox().url}/inspector/api/requests`, {
        method: 'POST',
        headers: headersOf('default'),
      });
      expect(post.status).toBe(405);
    });

    it.each(PANELS)('answers /inspector/api/%s with the API 401s without valid credentials', async (name) => {
      const missing = await get(sandbox(), `/inspector/api/${name}`, 'none');
      expect(missing.status).toBe(401);
      expect(JSON.parse(missing.text)).toMatchObject({
        error_type: 'INVALID_INPUT',
        error_code: 'MISSING_CREDENTIALS',
      });
      for (const wrong of [
        { clientId: DEFAULT_CLIENT.clientId, secret: 'f'.repeat(30) },
        { clientId: 'ffffffffffffffffffffffff', secret: DEFAULT_CLIENT.secret },
      ]) {
        const refused = await get(sandbox(), `/inspector/api/${name}`, wrong);
        expect(refused.status).toBe(401);
        expect(JSON.parse(refused.text)).toMatchObject({
          error_type: 'INVALID_INPUT',
          error_code: 'INVALID_API_KEYS',
          error_message: 'the client_id or secret is not valid for the sandbox',
        });
      }
    });

    it('refuses a host name the API refuses', async () => {
      const url = new URL(`${sandbox().url}/inspector/api/requests`);
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(url, { headers: { ...headersOf('default'), Host: 'attacker-rebind.example' } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
      expect(status).toBe(400);
    });

    it('shows each client its own data only, and never a secret or a token', async () => {
      receiver = await startReceiver([500]);
      const mine = await newItem(sandbox());
      const theirs = await newItem(sandbox(), {}, 'demo');
      await sandbox().ok('itemWebhookUpdate', {
        access_token: mine.accessToken,
        webhook: `${receiver.url}?token=receiver-own-secret`,
      });
      const request = authorizationRequest(mine);
      const { transfer } = await authorizeAndCreate(sandbox(), request, newKey('inspected'));
      const theirTransfer = await authorizeAndCreate(sandbox(), authorizationRequest(theirs), newKey('theirs'), 'demo');
      await receiver.waitFor(2);

      // The webhook's two attempts (500, then 200) with their signature headers, URL without query.
      await expect
        .poll(async () => {
          const { deliveries } = await panel<{ deliveries: { url: string; state: string; attempts: unknown[] }[] }>(
            sandbox(),
            'webhooks',
          );
          return deliveries.find((delivery) => delivery.url.startsWith(receiver?.url ?? '-'));
        })
        .toMatchObject({
          url: `${receiver.url}?***`,
          state: 'delivered',
          attempts: [
            { attempt: 1, status: 500, signature: expect.stringMatching(/^t=\d+,v1=[0-9a-f]{64}$/) },
            { attempt: 2, status: 200, signature: expect.stringMatching(/^t=\d+,v1=[0-9a-f]{64}$/) },
          ],
        });

      const answers: Record<string, string> = {};
      for (const as of ['default', 'demo'] as const) {
        for (const name of PANELS) {
          answers[`${as}/${name}`] = (await get(sandbox(), `/inspector/api/${name}`, as)).text;
        }
      }
      const requests = JSON.parse(answers['default/requests'] ?? '{}') as {
        records: { request_id: string; operation: string }[];
      };
      const create = requests.records.filter((record) => record.operation === 'transferCreate').at(-1);
      expect(create).toBeDefined();
      const links = await panel(sandbox(), 'links', 'default', `?request_id=${create?.request_id}`);
      expect(links).toMatchObject({ transfer_events: [{ transfer_id: transfer.id, event_type: 'pending' }] });
      // The other client asking for the same request's links gets nothing.
      const foreign = await panel(sandbox(), 'links', 'demo', `?request_id=${create?.request_id}`);
      expect(foreign).toMatchObject({ webhooks: [], transfer_events: [], bank_transfer_events: [] });

      const mineText = PANELS.map((name) => answers[`default/${name}`]).join('\n');
      const theirsText = PANELS.map((name) => answers[`demo/${name}`]).join('\n');
      expect(mineText).toContain(transfer.id);
      expect(mineText).toContain(mine.itemId);
      expect(mineText).not.toContain(theirTransfer.transfer.id);
      expect(mineText).not.toContain(theirs.itemId);
      expect(theirsText).toContain(theirTransfer.transfer.id);
      expect(theirsText).not.toContain(transfer.id);
      expect(theirsText).not.toContain(mine.itemId);
      expect(theirsText).not.toContain(receiver.url.split('/hooks')[0]);

      const everything = `${mineText}\n${theirsText}\n${JSON.stringify(sandbox().logs)}`;
      for (const secret of [
        DEFAULT_CLIENT.secret,
        DEMO_CLIENT.secret,
        DEFAULT_CLIENT.webhookSecret,
        DEMO_CLIENT.webhookSecret,
        mine.accessToken,
        theirs.accessToken,
        'receiver-own-secret',
        'access-sandbox-',
        'public-sandbox-',
      ]) {
        expect(everything).not.toContain(secret);
      }
      const items = JSON.parse(answers['default/items'] ?? '{}') as {
        items: { item_id: string; tokens: { kind: string; state: string }[] }[];
      };
      expect(items.items.find((item) => item.item_id === mine.itemId)?.tokens).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: 'public', state: 'used' }),
          expect.objectContaining({ kind: 'access', state: 'active' }),
        ]),
      );
    });

    it("shows the client's own test clock and fault rules", async () => {
      await sandbox().ok('sandboxFaultRuleCreate', { operations: ['institutionsSearch'], fault: 'latency=5ms' });
      await sandbox().ok('sandboxFaultRuleCreate', { fault: 'latency=6ms', probability: 0 }, 'demo');
      await sandbox().ok('sandboxClockAdvance', { duration: 'PT90M' }, 'demo');
      const mine = await panel<{ fault_rules: { fault: string }[] }>(sandbox(), 'fault_rules');
      expect(mine.fault_rules.map((rule) => rule.fault)).toEqual(['latency=5ms']);
      const theirs = await panel<{ fault_rules: { fault: string }[] }>(sandbox(), 'fault_rules', 'demo');
      expect(theirs.fault_rules.map((rule) => rule.fault)).toEqual(['latency=6ms']);
      const { clock } = await sandbox().ok('sandboxClockGet', {}, 'demo');
      const shown = await panel<{ clock: { offset_ms: number; current_time: string } }>(sandbox(), 'clock', 'demo');
      expect(shown.clock.offset_ms).toBe(clock.offset_ms);
      expect(shown.clock.offset_ms).toBeGreaterThanOrEqual(90 * 60 * 1000);
      const own = await panel<{ clock: { offset_ms: number } }>(sandbox(), 'clock');
      expect(own.clock.offset_ms).toBe(0);
    });

    it('lists every request with what the client got: faults, a dropped request, a lost answer and its replay', async () => {
      const item = await newItem(sandbox());
      const first = await panel<{ after: number }>(sandbox(), 'requests');
      /** POSTs `body` to `path` as the default client with a fault header; resolves with the status, or 'dropped'. */
      const faulted = (path: string, body: unknown, fault: string) =>
        fetch(`${sandbox().url}${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headersOf('default'), 'SVC-Sandbox-Fault': fault },
          body: JSON.stringify(body),
        }).then(
          (response) => response.status,
          () => 'dropped',
        );
      expect(await faulted('/auth/get', { access_token: item.accessToken }, 'drop=before')).toBe('dropped');
      expect(await faulted('/auth/get', { access_token: item.accessToken }, 'error=INTERNAL_SERVER_ERROR')).toBe(500);
      const proposed = authorizationRequest(item);
      const { authorization } = await sandbox().ok('transferAuthorizationCreate', proposed);
      const create = transferRequest(proposed, authorization.id, newKey('lost-answer'));
      expect(await faulted('/transfer/create', create, 'drop=after_commit')).toBe('dropped');
      const { transfer } = await sandbox().ok('transferCreate', create);
      const { records } = await panel<{
        records: {
          operation: string;
          status: number | null;
          delivery: string;
          fault: string | null;
          replay: boolean;
          time: string;
          client_time: string;
          response_body: string;
        }[];
      }>(sandbox(), 'requests', 'default', `?after=${first.after}`);
      expect(
        records.map(({ operation, status, delivery, fault, replay }) => ({
          operation,
          status,
          delivery,
          fault,
          replay,
        })),
      ).toEqual([
        {
          operation: 'authGet',
          status: null,
          delivery: 'dropped_before',
          fault: 'SVC-Sandbox-Fault: drop=before',
          replay: false,
        },
        {
          operation: 'authGet',
          status: 500,
          delivery: 'answered',
          fault: 'SVC-Sandbox-Fault: error=API_ERROR/INTERNAL_SERVER_ERROR',
          replay: false,
        },
        { operation: 'transferAuthorizationCreate', status: 200, delivery: 'answered', fault: null, replay: false },
        {
          operation: 'transferCreate',
          status: 200,
          delivery: 'dropped_after_commit',
          fault: 'SVC-Sandbox-Fault: drop=after_commit',
          replay: false,
        },
        { operation: 'transferCreate', status: 200, delivery: 'answered', fault: null, replay: true },
      ]);
      // The lost answer and its replay name the same transfer.
      expect(JSON.parse(records[3]?.response_body ?? '{}').transfer.id).toBe(transfer.id);
      expect(JSON.parse(records[4]?.response_body ?? '{}').transfer.id).toBe(transfer.id);
      // Both clocks of each request: the client's has not moved, so they agree.
      for (const record of records) {
        expect(record.client_time).toBe(record.time);
      }
    });

    it('names the fault rule that faulted a request, and the request a replay repeats', async () => {
      const item = await newItem(sandbox());
      const { fault_rule: rule } = await sandbox().ok('sandboxFaultRuleCreate', {
        operations: ['authGet'],
        fault: 'error=SERVICE_UNAVAILABLE',
        remaining: 1,
      });
      const first = await panel<{ after: number }>(sandbox(), 'requests');
      expect((await sandbox().fail('authGet', { access_token: item.accessToken })).status).toBe(503);
      const proposed = authorizationRequest(item);
      const { authorization } = await sandbox().ok('transferAuthorizationCreate', proposed);
      const create = transferRequest(proposed, authorization.id, newKey('replay-of'));
      const lost = await fetch(`${sandbox().url}/transfer/create`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...headersOf('default'),
          'SVC-Sandbox-Fault': 'drop=after_commit',
        },
        body: JSON.stringify(create),
      }).then(
        () => 'answered',
        () => 'dropped',
      );
      expect(lost).toBe('dropped');
      const replay = await sandbox().ok('transferCreate', create);
      await sandbox().ok('sandboxFaultRuleRemove', { fault_rule_id: rule.fault_rule_id });
      const { records } = await panel<{
        records: { request_id: string; operation: string; fault: string | null; replay_of: string | null }[];
      }>(sandbox(), 'requests', 'default', `?after=${first.after}`);
      const [faulted, , original, repeated] = records;
      expect(faulted).toMatchObject({
        operation: 'authGet',
        fault: `fault rule ${rule.fault_rule_id}: error=API_ERROR/SERVICE_UNAVAILABLE`,
        replay_of: null,
      });
      expect(original).toMatchObject({ operation: 'transferCreate', replay_of: null });
      expect(repeated).toMatchObject({
        operation: 'transferCreate',
        request_id: replay.request_id,
        replay_of: original?.request_id,
      });
    });

    it("records the client's test clock beside the sandbox's time of each request", async () => {
      await sandbox().ok('sandboxClockAdvance', { duration: 'P2D' }, 'demo');
      const first = await panel<{ after: number }>(sandbox(), 'requests', 'demo');
      await sandbox().ok('institutionsSearch', { query: 'Gingham', products: null, country_codes: ['US'] }, 'demo');
      const { records } = await panel<{ records: { time: string; client_time: string }[] }>(
        sandbox(),
        'requests',
        'demo',
        `?after=${first.after}`,
      );
      const [record] = records;
      expect(Date.parse(record?.client_time ?? '') - Date.parse(record?.time ?? '')).toBeGreaterThanOrEqual(
        2 * 86_400_000,
      );
    });

    it.each([
      ['a secret holding an object', { secret: { v: 'planted-1' } }],
      ['a secret under a name with a trailing space', { 'secret ': 'planted-2' }],
      ['a secret after a key ending in a backslash', { 'a\\': [' ', ':'], secret: 'planted-3' }],
      ['a nested override_password', { options: { override_password: { v: 'planted-4' } } }],
    ])('keeps %s out of the request records', async (_name, extra) => {
      await sandbox().call('sandboxPublicTokenCreate', {
        institution_id: 'ins_109508',
        initial_products: ['auth'],
        ...extra,
      });
      const { text } = await get(sandbox(), '/inspector/api/requests');
      expect(text).toContain('sandboxPublicTokenCreate');
      expect(text).not.toMatch(/planted-\d/);
    });

    it('pages requests with the after cursor', async () => {
      const first = await panel<{ records: { id: number }[]; after: number }>(sandbox(), 'requests');
      await sandbox().ok('authGet', { access_token: (await newItem(sandbox())).accessToken });
      const next = await panel<{ records: { id: number; operation: string }[]; after: number }>(
        sandbox(),
        'requests',
        'default',
        `?after=${first.after}`,
      );
      expect(next.records.map((record) => record.operation)).toEqual([
        'sandboxPublicTokenCreate',
        'itemPublicTokenExchange',
        'authGet',
      ]);
      expect(next.records.every((record) => record.id > first.after)).toBe(true);
      expect(next.after).toBe(next.records.at(-1)?.id);
    });
  },
  { clock: systemClock, delivery: { baseDelayMs: 20, maxDelayMs: 50, maxAttempts: 3, pollMs: 50 } },
);
