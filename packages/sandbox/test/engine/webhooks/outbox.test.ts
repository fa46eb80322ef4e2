/**
 * The outbox's statement on both engines: `webhookStatement` adds a webhook to the URL given and
 * answers its outbox id.
 */
import type { CompiledQuery, Transaction } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../src/engine/store/database.js';
import { webhookStatement } from '../../../src/engine/webhooks/outbox.js';
import { DEFAULT_CLIENT } from '../../../src/features/world/world.js';
import { describeEngines, type TestSandbox } from '../../support/harness.js';
import { newItem, type TestItem } from '../../support/transfer-fixtures.js';

const PAYLOAD = { webhook_type: 'ITEM', webhook_code: 'LOGIN_REPAIRED', item_id: 'x', error: null };

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
