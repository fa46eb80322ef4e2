/**
 * Delivery slots are shared fairly between clients, on both engines: one client whose webhooks go
 * to many receivers that accept and never answer (each attempt waits the whole delivery deadline)
 * holds at most its share of the slots, so another client's first attempt starts well within one
 * delivery deadline instead of queueing behind every stuck attempt.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { systemClock } from '../../../src/engine/clock.js';
import { describeEngines } from '../../support/harness.js';
import { startReceiver } from '../../support/receiver.js';
import { newItem } from '../../support/transfer-fixtures.js';

const DELIVERY_TIMEOUT_MS = 3000;
const STUCK_RECEIVERS = 8;

/** Receivers on distinct ports (distinct receivers to the deliverer) that never answer. */
const hanging: Server[] = [];
beforeAll(async () => {
  for (let index = 0; index < STUCK_RECEIVERS; index++) {
    const server = createServer(() => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    hanging.push(server);
  }
});
afterAll(async () => {
  for (const server of hanging) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describeEngines(
  'webhook slots shared between clients',
  (sandbox) => {
    it("starts a quiet client's first attempt within one deadline while another client's receivers hang", async () => {
      // The noisy client: one webhook to each hanging receiver, twice the deliverer's slots.
      await Promise.all(
        hanging.map(async (server) => {
          const item = await newItem(sandbox());
          const { port } = server.address() as AddressInfo;
          await sandbox().ok('itemWebhookUpdate', {
            access_token: item.accessToken,
            webhook: `http://127.0.0.1:${port}/hooks`,
          });
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 300)); // the stuck attempts have started
      const receiver = await startReceiver();
      try {
        const quiet = await newItem(sandbox(), {}, 'demo');
        const sent = performance.now();
        await sandbox().ok('itemWebhookUpdate', { access_token: quiet.accessToken, webhook: receiver.url }, 'demo');
        await receiver.waitFor(1, 4 * DELIVERY_TIMEOUT_MS);
        expect(performance.now() - sent).toBeLessThan(DELIVERY_TIMEOUT_MS);
      } finally {
        await receiver.close();
      }
    });
  },
  { clock: systemClock, delivery: { timeoutMs: DELIVERY_TIMEOUT_MS, concurrency: 4, pollMs: 50, maxAttempts: 1 } },
);
