/**
 * Request records on both engines: every authenticated request is kept for its client with its
 * operation, status, error_code, duration and redacted bodies (never a secret or token); an
 * unauthenticated one is not kept; the webhooks and events a request created carry its
 * request_id; retention deletes a client's records beyond the newest `maxPerClient` and those
 * older than `maxAgeMs`, and nothing else.
 */
import { afterEach, beforeAll, expect, it } from 'vitest';
import { systemClock } from '../../../src/engine/clock.js';
import { DEFAULT_CLIENT, DEMO_CLIENT } from '../../../src/features/world/world.js';
import { describeEngines } from '../../support/harness.js';
import { type Receiver, startReceiver } from '../../support/receiver.js';
import { recordsOf } from '../../support/request-records.js';
import {
  authorizationRequest,
  authorizeAndCreate,
  CANONICAL,
  newItem,
  newKey,
  type TestItem,
} from '../../support/transfer-fixtures.js';

const HOUR = 60 * 60 * 1000;

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

describeEngines(
  'request records',
  (sandbox) => {
    let item: TestItem;
    beforeAll(async () => {
      item = await newItem(sandbox());
    });

    it('keeps each request of a client with redacted bodies, successes and errors alike', async () => {
      const seen = (await recordsOf(sandbox(), DEFAULT_CLIENT.clientId)).length;
      const created = await newItem(sandbox());
      const refused = await sandbox().fail('authGet', {
        access_token: 'access-sandbox-00000000-0000-0000-0000-000000000000',
      });
      await sandbox().fail(
        'authGet',
        { access_token: created.accessToken },
        { clientId: DEFAULT_CLIENT.clientId, secret: 'wrong' },
      );
      const records = (await recordsOf(sandbox(), DEFAULT_CLIENT.clientId)).slice(seen);
      expect(records.map((record) => [record.operation, record.status, record.error_code])).toEqual([
        ['sandboxPublicTokenCreate', 200, null],
        ['itemPublicTokenExchange', 200, null],
        ['authGet', refused.status, refused.body.error_code],
      ]);
      const last = records.at(-1);
      expect(last?.request_id).toBe(refused.body.request_id);
      expect(last?.duration_ms).toBeGreaterThanOrEqual(0);
      expect(JSON.parse(last?.response_body ?? '{}')).toMatchObject({ error_code: refused.body.error_code });
      const text = JSON.stringify(records);
      for (const secret of [
        created.accessToken,
        DEFAULT_CLIENT.secret,
        DEFAULT_CLIENT.webhookSecret,
        'access-sandbox-',
      ]) {
        expect(text).not.toContain(secret);
      }
      expect(JSON.parse(records[1]?.response_body ?? '{}')).toMatchObject({
        access_token: '[redacted]',
        item_id: created.itemId,
      });
      expect(await recordsOf(sandbox(), DEMO_CLIENT.clientId)).toEqual([]);
    });

    it('links a request to the transfer events and the webhook it created', async () => {
      const request = authorizationRequest(item);
      const { transfer } = await authorizeAndCreate(sandbox(), request, newKey('linked'));
      const records = await recordsOf(sandbox(), DEFAULT_CLIENT.clientId);
      const create = records.filter((record) => record.operation === 'transferCreate').at(-1);
      const events = await sandbox()
        .sandbox.store.db.selectFrom('transfer_events')
        .select(['transfer_id', 'request_id'])
        .where('transfer_id', '=', transfer.id)
        .execute();
      expect(events).toEqual([{ transfer_id: transfer.id, request_id: create?.request_id }]);

      receiver = await startReceiver();
      const updated = await sandbox().call('itemWebhookUpdate', {
        access_token: item.accessToken,
        webhook: receiver.url,
      });
      const webhooks = await sandbox()
        .sandbox.store.db.selectFrom('webhook_outbox')
        .select('request_id')
        .where('url', '=', receiver.url)
        .execute();
      expect(webhooks).toEqual([{ request_id: (updated.body as { request_id: string }).request_id }]);
      await receiver.waitFor(1);
      await expect
        .poll(async () => {
          const attempts = await sandbox()
            .sandbox.store.db.selectFrom('webhook_attempts')
            .select('signature')
            .execute();
          return attempts.some((attempt) => /^t=\d+,v1=[0-9a-f]{64}$/.test(attempt.signature ?? ''));
        })
        .toBe(true);
    });
  },
  { clock: systemClock, delivery: { pollMs: 50 } },
);

describeEngines(
  'request record retention',
  (sandbox) => {
    it('keeps the newest records per client and none older than the age limit', async () => {
      for (let index = 0; index < 5; index++) {
        await sandbox().ok('authGet', { access_token: CANONICAL.accessToken });
      }
      await sandbox().fail('authGet', { access_token: CANONICAL.accessToken }, 'demo');
      const before = await recordsOf(sandbox(), DEFAULT_CLIENT.clientId);
      expect(before).toHaveLength(5);
      expect(await sandbox().sandbox.prune()).toMatchObject({ request_records: 2 });
      const kept = await recordsOf(sandbox(), DEFAULT_CLIENT.clientId);
      expect(kept.map((record) => record.id)).toEqual(before.slice(2).map((record) => record.id));
      expect(await recordsOf(sandbox(), DEMO_CLIENT.clientId)).toHaveLength(1);

      sandbox().clock.advance(HOUR);
      await sandbox().ok('authGet', { access_token: CANONICAL.accessToken });
      await sandbox().sandbox.flushRequestRecords();
      // Exactly one hour old is still kept; the newest three are the limit.
      expect(await sandbox().sandbox.prune()).toMatchObject({ request_records: 1 });
      sandbox().clock.advance(1);
      expect(await sandbox().sandbox.prune()).toMatchObject({ request_records: 3 });
      const left = await recordsOf(sandbox(), DEFAULT_CLIENT.clientId);
      expect(left).toHaveLength(1);
      expect(await recordsOf(sandbox(), DEMO_CLIENT.clientId)).toEqual([]);
    });
  },
  {
    requestRecords: { maxPerClient: 3, maxAgeMs: HOUR },
    retention: { intervalMs: 1000 * HOUR, batchSize: 2 },
  },
);
