/**
 * The inspector of a throwaway client on both engines: it shows the client's canonical world as
 * the API answers it, out of the client's namespace. No panel (Items, events, webhooks, requests,
 * links, the HAR download) carries the `~<client_id>` suffix the store keeps its canonical values
 * under; its Items and transfers are those the API names.
 */
import { expect, it } from 'vitest';
import { CANONICAL_ITEM, DEFAULT_CLIENT } from '../../../src/features/world/index.js';
import { describeEngines, type TestSandbox } from '../../support/harness.js';
import { createThrowaway, TEST_ADMIN_KEY, type ThrowawayCredentials } from '../sandbox-admin/throwaway-support.js';

/** GET inspector `path` as `client`; the body as text (a 200 expected). */
async function inspect(sandbox: TestSandbox, path: string, client: { clientId: string; secret: string }) {
  await sandbox.sandbox.flushRequestRecords();
  const response = await fetch(`${sandbox.url}/inspector/api/${path}`, {
    headers: { 'SVC-CLIENT-ID': client.clientId, 'SVC-SECRET': client.secret },
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return text;
}

/** The item ids of the items panel. */
async function itemIds(sandbox: TestSandbox, client: { clientId: string; secret: string }): Promise<string[]> {
  const { items } = JSON.parse(await inspect(sandbox, 'items', client)) as { items: { item_id: string }[] };
  return items.map((item) => item.item_id).sort();
}

describeEngines(
  'inspector of a throwaway client',
  (sandbox) => {
    it('shows its canonical world as the API answers it, never the namespace suffix', async () => {
      const client: ThrowawayCredentials = await createThrowaway(sandbox(), 'inspected');
      const suffix = `~${client.clientId}`;
      // Its canonical Items are the default client's, by the same ids.
      expect(await itemIds(sandbox(), client)).toEqual(await itemIds(sandbox(), DEFAULT_CLIENT));

      // A request, an event and a webhook about canonical values.
      const { transfers } = await sandbox().ok('transferList', {}, client);
      expect(transfers.length).toBeGreaterThan(0);
      const { public_token } = await sandbox().ok(
        'sandboxPublicTokenCreate',
        { institution_id: 'ins_109508', initial_products: ['transactions'] },
        client,
      );
      const { access_token } = await sandbox().ok('itemPublicTokenExchange', { public_token }, client);
      await sandbox().ok('itemWebhookUpdate', { access_token, webhook: 'https://example.com/hooks/inspected' }, client);
      // A webhook about the canonical Item: its body names the Item by its stored (namespaced) id.
      await sandbox().ok(
        'sandboxItemFireWebhook',
        { access_token: CANONICAL_ITEM.accessToken, webhook_code: 'DEFAULT_UPDATE' },
        client,
      );
      const webhooks = await inspect(sandbox(), 'webhooks', client);
      expect(webhooks).toContain(`"item_id":"${CANONICAL_ITEM.itemId}"`);

      const events = JSON.parse(await inspect(sandbox(), 'events', client)) as {
        transfer_events: { transfer_id: string }[];
      };
      const named = new Set(transfers.map((transfer) => transfer.id));
      expect(events.transfer_events.length).toBeGreaterThan(0);
      for (const event of events.transfer_events) {
        expect(named.has(event.transfer_id), event.transfer_id).toBe(true);
      }
      for (const path of ['items', 'events', 'webhooks', 'requests', 'links?request_id=none', 'requests.har']) {
        expect(await inspect(sandbox(), path, client), path).not.toContain(suffix);
      }
    });
  },
  // No delivery runs: the webhook stays pending in the outbox, which the panel shows.
  { adminKey: TEST_ADMIN_KEY, delivery: { concurrency: 0 } },
);
