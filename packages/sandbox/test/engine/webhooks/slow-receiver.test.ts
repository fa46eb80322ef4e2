import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { systemClock } from '../../../src/engine/clock.js';
import { CANONICAL_ITEM } from '../../../src/features/world/world.js';
import { describeEngines } from '../../support/harness.js';

// A receiver that accepts every delivery and never answers: every attempt waits for the whole
// delivery timeout. API requests must not wait behind it.
let hanging: Server;
let url = '';
beforeAll(async () => {
  hanging = createServer(() => {});
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  hanging.closeAllConnections();
  await new Promise((resolve) => hanging.close(resolve));
});

const DELIVERY_TIMEOUT_MS = 4000;

describeEngines(
  'a webhook receiver that never answers',
  (sandbox) => {
    it('never holds up API requests: they answer while every delivery slot waits on the receiver', async () => {
      const tokens: string[] = [];
      for (let index = 0; index < 6; index++) {
        const { public_token } = await sandbox().ok('sandboxPublicTokenCreate', {
          institution_id: 'ins_109508',
          initial_products: ['auth'],
        });
        tokens.push((await sandbox().ok('itemPublicTokenExchange', { public_token })).access_token);
      }
      // More webhooks than the deliverer sends at once, all to the hanging receiver.
      await Promise.all(
        tokens.map((access_token) => sandbox().ok('itemWebhookUpdate', { access_token, webhook: url })),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      const started = performance.now();
      for (let index = 0; index < 10; index++) {
        await sandbox().ok('authGet', { access_token: CANONICAL_ITEM.accessToken });
        await sandbox().ok('itemWebhookUpdate', {
          access_token: tokens[index % tokens.length] as string,
          webhook: url,
        });
      }
      // Twenty requests in far less time than one delivery attempt takes to time out: none of
      // them waited for a delivery.
      expect(performance.now() - started).toBeLessThan(DELIVERY_TIMEOUT_MS);
    });
  },
  { clock: systemClock, delivery: { timeoutMs: DELIVERY_TIMEOUT_MS, concurrency: 2, pollMs: 50 } },
);
