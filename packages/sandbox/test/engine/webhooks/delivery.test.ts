import { verifyWebhook } from '@svc/client';
import { afterEach, expect, it } from 'vitest';
import { systemClock } from '../../../src/engine/clock.js';
import { DEFAULT_CLIENT } from '../../../src/features/world/world.js';
import { describeEngines } from '../../support/harness.js';
import { type Receiver, startReceiver } from '../../support/receiver.js';

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

describeEngines(
  'webhook delivery',
  (sandbox) => {
    async function accessToken() {
      const { public_token } = await sandbox().ok('sandboxPublicTokenCreate', {
        institution_id: 'ins_109508',
        initial_products: ['auth'],
      });
      return (await sandbox().ok('itemPublicTokenExchange', { public_token })).access_token;
    }

    it('sends WEBHOOK_UPDATE_ACKNOWLEDGED to the new URL, signed so @svc/client verifies it', async () => {
      receiver = await startReceiver();
      const access_token = await accessToken();
      const { item } = await sandbox().ok('itemWebhookUpdate', { access_token, webhook: receiver.url });
      const [delivery] = await receiver.waitFor(1);
      const webhook = await verifyWebhook(delivery?.body ?? '', {
        signature: delivery?.headers['svc-signature'] as string,
        secret: DEFAULT_CLIENT.webhookSecret,
      });
      expect(webhook).toEqual({
        webhook_type: 'ITEM',
        webhook_code: 'WEBHOOK_UPDATE_ACKNOWLEDGED',
        item_id: item.item_id,
        error: null,
        environment: 'sandbox',
        new_webhook_url: receiver.url,
      });
    });

    it('retries after receiver failures with the identical body and id, logging each attempt', async () => {
      receiver = await startReceiver([500, 503]);
      const access_token = await accessToken();
      await sandbox().ok('itemWebhookUpdate', { access_token, webhook: receiver.url });
      const deliveries = await receiver.waitFor(3);
      expect(new Set(deliveries.map((delivery) => delivery.body)).size).toBe(1);
      expect(new Set(deliveries.map((delivery) => delivery.headers['svc-webhook-id'])).size).toBe(1);
      for (const delivery of deliveries) {
        await verifyWebhook(delivery.body, {
          signature: delivery.headers['svc-signature'] as string,
          secret: DEFAULT_CLIENT.webhookSecret,
        });
      }
      await expect
        .poll(() =>
          sandbox()
            .logs.filter((entry) => entry.event === 'webhook_attempt' && entry.url === receiver?.url)
            .map((entry) => entry.outcome),
        )
        .toEqual(['retry', 'retry', 'delivered']);
    });

    it('gives up after the bounded number of attempts', async () => {
      receiver = await startReceiver([500, 500, 500, 500, 500]);
      const access_token = await accessToken();
      await sandbox().ok('itemWebhookUpdate', { access_token, webhook: receiver.url });
      await receiver.waitFor(3);
      await expect
        .poll(() =>
          sandbox()
            .logs.filter((entry) => entry.event === 'webhook_attempt' && entry.url === receiver?.url)
            .map((entry) => entry.outcome),
        )
        .toEqual(['retry', 'retry', 'given_up']);
      const rows = await sandbox()
        .sandbox.store.db.selectFrom('webhook_outbox')
        .select(['attempts', 'failed_at', 'delivered_at'])
        .where('url', '=', receiver.url)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.attempts).toBe(3);
      expect(rows[0]?.failed_at).not.toBeNull();
    });
  },
  // Real time for the deliverer's schedule, tiny backoff, three attempts at most.
  { clock: systemClock, delivery: { baseDelayMs: 20, maxDelayMs: 50, maxAttempts: 3, pollMs: 50 } },
);
