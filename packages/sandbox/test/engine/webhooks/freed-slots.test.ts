/**
 * A backlog of due webhooks to one receiver drains attempt after attempt, never waiting for the
 * next poll: each finished attempt asks for the next due webhook at once, and a fill that found
 * nothing (its slots all held) must not postpone that ask to the poll. With the poll set to ten
 * minutes, any such lost ask stalls the backlog and the bounded wait below fails. (Before the
 * fix, a sandbox restarted with hundreds of webhooks pending delivered about six a second.)
 */
import { afterEach, expect, it } from 'vitest';
import { systemClock } from '../../../src/engine/clock.js';
import { enqueueWebhook } from '../../../src/engine/webhooks/outbox.js';
import { DEFAULT_CLIENT } from '../../../src/features/world/world.js';
import { describeEngines } from '../../support/harness.js';
import { type Receiver, startReceiver } from '../../support/receiver.js';

const BACKLOG = 60;

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

describeEngines(
  'webhook delivery of a backlog',
  (sandbox) => {
    it('delivers every due webhook without waiting for a poll between attempts', async () => {
      receiver = await startReceiver();
      const url = receiver.url;
      await sandbox().sandbox.store.transaction(async (trx) => {
        for (let index = 0; index < BACKLOG; index += 1) {
          await enqueueWebhook(trx, {
            clientId: DEFAULT_CLIENT.clientId,
            itemId: null,
            url,
            payload: { webhook_type: 'ITEM', webhook_code: 'WEBHOOK_UPDATE_ACKNOWLEDGED', index },
            now: new Date(),
            requestId: null,
          });
        }
      });
      // One committed webhook through the API wakes the deliverer; the backlog must follow.
      const { public_token } = await sandbox().ok('sandboxPublicTokenCreate', {
        institution_id: 'ins_109508',
        initial_products: ['auth'],
      });
      const { access_token } = await sandbox().ok('itemPublicTokenExchange', { public_token });
      await sandbox().ok('itemWebhookUpdate', { access_token, webhook: url });
      const deliveries = await receiver.waitFor(BACKLOG + 1, 20_000);
      expect(deliveries).toHaveLength(BACKLOG + 1);
    });
  },
  { clock: systemClock, delivery: { pollMs: 600_000, concurrency: 4, perReceiver: 2 } },
);
