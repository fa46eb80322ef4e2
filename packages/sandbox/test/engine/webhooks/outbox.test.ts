/**
 * The outbox's statements on both engines: `itemWebhookStatement` addresses a webhook to its
 * Item's URL in the same statement (`insert ... select`) and adds nothing when there is no URL to
 * send to; `webhookStatement` adds a webhook to the URL given. Both answer the outbox id.
 */
import type { CompiledQuery, Transaction } from 'kysely';
import { afterEach, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../src/engine/store/database.js';
import { itemWebhookStatement, webhookStatement } from '../../../src/engine/webhooks/outbox.js';
import { DEFAULT_CLIENT } from '../../../src/features/world/world.js';
import { describeEngines, type TestSandbox } from '../../support/harness.js';
import { type Receiver, startReceiver } from '../../support/receiver.js';
import { newItem, type TestItem } from '../../support/transfer-fixtures.js';

const PAYLOAD = { webhook_type: 'ITEM', webhook_code: 'LOGIN_REPAIRED', item_id: 'x', error: null };

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

/** Runs `statement` in a transaction of the sandbox's store; returns the ids it answered. */
function run(
  sandbox: TestSandbox,
  statement: (trx: Transaction<Database>) => CompiledQuery<{ id: number }>,
): Promise<number[]> {
  return sandbox.sandbox.store.transaction(async (trx) => {
    const { rows } = await trx.executeQuery(statement(trx));
    return rows.map((row) => Number(row.id));
  });
}

/** The outbox rows of the Item `itemId`. */
function outboxOf(sandbox: TestSandbox, itemId: string) {
  return sandbox.sandbox.store.db.selectFrom('webhook_outbox').selectAll().where('item_id', '=', itemId).execute();
}

describeEngines('the webhook outbox statements', (sandbox) => {
  let plain: TestItem;
  beforeAll(async () => {
    plain = await newItem(sandbox());
  });

  it("addresses an Item webhook to the Item's URL, read in the same statement, due at once", async () => {
    receiver = await startReceiver();
    const item = await newItem(sandbox(), { webhook: receiver.url });
    const now = sandbox().clock.now();
    const ids = await run(sandbox(), (trx) =>
      itemWebhookStatement(trx, {
        clientId: DEFAULT_CLIENT.clientId,
        itemId: item.itemId,
        payload: { ...PAYLOAD, item_id: item.itemId },
        now,
        requestId: 'req-outbox-test',
      }),
    );
    expect(ids).toHaveLength(1);
    const rows = await outboxOf(sandbox(), item.itemId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      client_id: DEFAULT_CLIENT.clientId,
      url: receiver.url,
      webhook_code: 'LOGIN_REPAIRED',
      created_at: now.toISOString(),
      next_attempt_at: new Date(0).toISOString(),
      request_id: 'req-outbox-test',
    });
    expect(Number(rows[0]?.id)).toBe(ids[0]);
    expect(JSON.parse(rows[0]?.body ?? '')).toEqual({ ...PAYLOAD, item_id: item.itemId });
  });

  it("adds nothing for an Item without a URL, another client's Item or no Item", async () => {
    const demo = await newItem(sandbox(), {}, 'demo');
    await sandbox()
      .sandbox.store.db.updateTable('items')
      .set({ webhook: 'https://example.com/hook' })
      .where('item_id', '=', demo.itemId)
      .execute();
    for (const itemId of [plain.itemId, demo.itemId, 'no-such-item']) {
      const ids = await run(sandbox(), (trx) =>
        itemWebhookStatement(trx, {
          clientId: DEFAULT_CLIENT.clientId,
          itemId,
          payload: PAYLOAD,
          now: sandbox().clock.now(),
          requestId: null,
        }),
      );
      expect(ids, itemId).toEqual([]);
      expect(await outboxOf(sandbox(), itemId), itemId).toEqual([]);
    }
  });

  it('adds a webhook to the URL given, answering its id', async () => {
    const ids = await run(sandbox(), (trx) =>
      webhookStatement(trx, {
        clientId: DEFAULT_CLIENT.clientId,
        itemId: plain.itemId,
        url: 'https://example.com/given',
        payload: PAYLOAD,
        now: sandbox().clock.now(),
        requestId: null,
      }),
    );
    expect(ids).toHaveLength(1);
    const rows = await outboxOf(sandbox(), plain.itemId);
    expect(rows.map((row) => [Number(row.id), row.url, row.attempts])).toEqual([
      [ids[0], 'https://example.com/given', 0],
    ]);
  });
});
