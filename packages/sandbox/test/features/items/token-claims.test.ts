/**
 * The statement shapes that let an Item change in two round trips on PostgreSQL, on both engines:
 * a token's use or revocation is a conditional update (the claim: of concurrent requests through
 * one token, one wins), the Item's change rides in the same statement or flight, and a refusal
 * found afterwards rolls the claim back. Also: an Item whose inserts all go out with the commit
 * leaves nothing behind when a fault rule stops the request.
 */
import { afterEach, expect, it } from 'vitest';
import { DEFAULT_CLIENT } from '../../../src/features/world/index.js';
import { describeEngines, type TestSandbox } from '../../support/harness.js';
import { type Receiver, startReceiver } from '../../support/receiver.js';
import { newItem } from '../../support/transfer-fixtures.js';
import { queuedWebhookCodes } from '../../support/webhooks.js';

const ROUNDS = 4;
const CALLS = 6;

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

/** A new Item's public token, not yet exchanged, with the Item's id. */
async function freshPublicToken(sandbox: TestSandbox): Promise<{ publicToken: string; itemId: string }> {
  const { public_token } = await sandbox.ok('sandboxPublicTokenCreate', {
    institution_id: 'ins_109508',
    initial_products: ['auth'],
  });
  const row = await sandbox.sandbox.store.db
    .selectFrom('tokens')
    .select('item_id')
    .where('token', '=', public_token)
    .executeTakeFirstOrThrow();
  return { publicToken: public_token, itemId: row.item_id as string };
}

/** How many Items the store holds. */
async function itemCount(sandbox: TestSandbox): Promise<number> {
  const rows = await sandbox.sandbox.store.db.selectFrom('items').select('item_id').execute();
  return rows.length;
}

describeEngines('token claims and Item changes in one flight', (sandbox) => {
  it(`of ${CALLS} concurrent exchanges of one public token exactly one wins, and its access token works`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { publicToken, itemId } = await freshPublicToken(sandbox());
      const replies = await Promise.all(
        Array.from({ length: CALLS }, () => sandbox().call('itemPublicTokenExchange', { public_token: publicToken })),
      );
      const winners = replies.filter((reply) => reply.status === 200);
      expect(winners, replies.map((reply) => reply.status).join(',')).toHaveLength(1);
      for (const reply of replies.filter((candidate) => candidate.status !== 200)) {
        expect(reply.body).toMatchObject({ error_code: 'INVALID_PUBLIC_TOKEN' });
      }
      const { access_token, item_id } = (winners[0] as { body: unknown }).body as {
        access_token: string;
        item_id: string;
      };
      expect(item_id).toBe(itemId);
      await sandbox().ok('authGet', { access_token });
    }
  });

  it('an exchange refused because the Item was removed leaves the public token unused', async () => {
    const { publicToken, itemId } = await freshPublicToken(sandbox());
    await sandbox()
      .sandbox.store.db.updateTable('items')
      .set({ removed_at: sandbox().clock.now().toISOString() })
      .where('item_id', '=', itemId)
      .execute();
    const first = await sandbox().fail('itemPublicTokenExchange', { public_token: publicToken });
    expect(first.body.error_code).toBe('INVALID_PUBLIC_TOKEN');
    // The claim was rolled back: the same refusal again, not the one of a token used already.
    const again = await sandbox().fail('itemPublicTokenExchange', { public_token: publicToken });
    expect(again.body.error_message).toBe(first.body.error_message);
    const token = await sandbox()
      .sandbox.store.db.selectFrom('tokens')
      .select('used_at')
      .where('token', '=', publicToken)
      .executeTakeFirstOrThrow();
    expect(token.used_at).toBeNull();
  });

  it('of removals through two live access tokens of one Item at once, exactly one wins and every token is revoked', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const item = await newItem(sandbox());
      const second = `access-sandbox-second-${round}-${item.itemId}`;
      await sandbox()
        .sandbox.store.db.insertInto('tokens')
        .values({
          token: second,
          kind: 'access',
          client_id: DEFAULT_CLIENT.clientId,
          item_id: item.itemId,
          account_id: null,
          subject_id: null,
          created_at: sandbox().clock.now().toISOString(),
          expires_at: null,
          used_at: null,
          revoked_at: null,
        })
        .execute();
      const tokens = [item.accessToken, second];
      const replies = await Promise.all(
        Array.from({ length: CALLS }, (_, index) =>
          sandbox().call('itemRemove', { access_token: tokens[index % 2] as string }),
        ),
      );
      expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1);
      for (const reply of replies.filter((candidate) => candidate.status !== 200)) {
        expect(reply.body).toMatchObject({ error_code: 'INVALID_ACCESS_TOKEN' });
      }
      const live = await sandbox()
        .sandbox.store.db.selectFrom('tokens')
        .select('token')
        .where('item_id', '=', item.itemId)
        .where('revoked_at', 'is', null)
        .execute();
      expect(live).toEqual([]);
    }
  });

  it("refuses to rotate or remove another client's access token, which stays live for its owner", async () => {
    const item = await newItem(sandbox());
    for (const operation of ['itemAccessTokenInvalidate', 'itemRemove'] as const) {
      const reply = await sandbox().call(operation, { access_token: item.accessToken }, 'demo');
      expect(reply).toMatchObject({ status: 400, body: { error_code: 'INVALID_ACCESS_TOKEN' } });
    }
    await sandbox().ok('authGet', { access_token: item.accessToken });
  });

  it("refuses a webhook update through a removed Item's token: nothing changes, nothing is queued", async () => {
    receiver = await startReceiver();
    const item = await newItem(sandbox());
    await sandbox().ok('itemRemove', { access_token: item.accessToken });
    const refused = await sandbox().fail('itemWebhookUpdate', {
      access_token: item.accessToken,
      webhook: receiver.url,
    });
    expect(refused.body.error_code).toBe('INVALID_ACCESS_TOKEN');
    const row = await sandbox()
      .sandbox.store.db.selectFrom('items')
      .select('webhook')
      .where('item_id', '=', item.itemId)
      .executeTakeFirstOrThrow();
    expect(row.webhook).toBeNull();
    expect(await queuedWebhookCodes(sandbox(), item.itemId)).toEqual([]);
  });

  it(`of ${CALLS} concurrent login resets exactly one queues ITEM_ERROR; of ${CALLS} repairs exactly one repairs`, async () => {
    receiver = await startReceiver();
    const item = await newItem(sandbox(), { webhook: receiver.url });
    const resets = await Promise.all(
      Array.from({ length: CALLS }, () => sandbox().ok('sandboxItemResetLogin', { access_token: item.accessToken })),
    );
    expect(resets.every((reply) => reply.reset_login)).toBe(true);
    const repairs = await Promise.all(
      Array.from({ length: CALLS }, () => sandbox().ok('sandboxItemRepairLogin', { access_token: item.accessToken })),
    );
    expect(repairs.filter((reply) => reply.login_repaired)).toHaveLength(1);
    expect(await queuedWebhookCodes(sandbox(), item.itemId)).toEqual(['ITEM_ERROR', 'LOGIN_REPAIRED']);
  });

  it("refuses a login reset through another client's token and leaves the Item as it was", async () => {
    const item = await newItem(sandbox());
    const reply = await sandbox().call('sandboxItemResetLogin', { access_token: item.accessToken }, 'demo');
    expect(reply).toMatchObject({ status: 400, body: { error_code: 'INVALID_ACCESS_TOKEN' } });
    await sandbox().ok('authGet', { access_token: item.accessToken });
  });

  it('leaves no Item behind when a fault rule stops a create whose inserts go out with the commit', async () => {
    const before = await itemCount(sandbox());
    await sandbox().ok('sandboxFaultRuleCreate', {
      operations: ['sandboxPublicTokenCreate'],
      fault: 'error=INTERNAL_SERVER_ERROR',
    });
    try {
      const created = await sandbox().call('sandboxPublicTokenCreate', {
        institution_id: 'ins_109508',
        initial_products: ['auth', 'transactions'],
      });
      expect(created.status).toBe(500);
    } finally {
      await sandbox().ok('sandboxFaultRuleRemove', {});
    }
    expect(await itemCount(sandbox())).toBe(before);
  });
});
