import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CANONICAL_ITEM } from '../../../src/features/world/world.js';
import { describeEngines } from '../../support/harness.js';
import { type Receiver, startReceiver } from '../../support/receiver.js';
import { authorizationRequest, newItem, type TestItem } from '../../support/transfer-fixtures.js';
import {
  queuedWebhookCodes,
  specDocument,
  specSchemas,
  verifiedPayload,
  webhookSchemaPointer,
} from '../../support/webhooks.js';

/** The spec's Item webhooks: every webhook whose payload names an Item and carries its error (`item_id`, `error` required). */
const ITEM_WEBHOOK_CODES = Object.keys(specDocument.webhooks).filter((code) => {
  const name = webhookSchemaPointer(code).split('/').at(-1) as string;
  const required = specSchemas[name]?.required ?? [];
  return required.includes('item_id') && required.includes('error');
});

/** The codes `/sandbox/item/fire_webhook` accepts (its `webhook_code` enum). */
const FIRABLE_CODES = specSchemas.SandboxItemWebhookCode?.enum ?? [];

describe('the Item webhooks of the spec', () => {
  it('are exactly the codes /sandbox/item/fire_webhook accepts', () => {
    expect(ITEM_WEBHOOK_CODES.length).toBeGreaterThanOrEqual(7);
    expect([...FIRABLE_CODES].sort()).toEqual([...ITEM_WEBHOOK_CODES].sort());
  });
});

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

/** The reads that answer an Item's login state (one per feature that checks it). */
const READS = [
  ['authGet', (item: TestItem) => ({ access_token: item.accessToken })],
  ['identityGet', (item: TestItem) => ({ access_token: item.accessToken })],
] as const;

describeEngines('Item webhooks and errors on demand', (sandbox) => {
  let plain: TestItem;
  beforeAll(async () => {
    plain = await newItem(sandbox());
  });

  it.each(ITEM_WEBHOOK_CODES)(
    "fire_webhook %s: a signed payload valid against its schema, to the Item's URL",
    async (code) => {
      receiver = await startReceiver();
      const item = await newItem(sandbox(), { webhook: receiver.url });
      const reply = await sandbox().ok('sandboxItemFireWebhook', {
        access_token: item.accessToken,
        webhook_code: code as never,
      });
      expect(reply.webhook_fired).toBe(true);
      const [delivery] = await receiver.waitFor(1);
      const payload = await verifiedPayload(delivery as NonNullable<typeof delivery>);
      expect(payload).toMatchObject({ webhook_code: code, item_id: item.itemId, environment: 'sandbox' });
    },
  );

  it('fire_webhook on an Item without a webhook URL is SANDBOX_ITEM_WEBHOOK_NOT_SET, naming the Item', async () => {
    const { body } = await sandbox().fail('sandboxItemFireWebhook', {
      access_token: plain.accessToken,
      webhook_code: 'ITEM_ERROR',
    });
    expect([body.error_type, body.error_code]).toEqual(['SANDBOX_ERROR', 'SANDBOX_ITEM_WEBHOOK_NOT_SET']);
    expect(body.error_message).toContain(plain.itemId);
  });

  it('fire_webhook with an invalid access token is INVALID_ACCESS_TOKEN', async () => {
    const { body } = await sandbox().fail('sandboxItemFireWebhook', {
      access_token: 'access-sandbox-nope',
      webhook_code: 'ITEM_ERROR',
    });
    expect(body.error_code).toBe('INVALID_ACCESS_TOKEN');
  });

  it('reset_login: reads answer ITEM_LOGIN_REQUIRED, authorizations are permitted with LOGIN_REQUIRED, ITEM_ERROR is sent once; repair_login undoes it with LOGIN_REPAIRED', async () => {
    receiver = await startReceiver();
    const item = await newItem(sandbox(), { webhook: receiver.url });
    for (const [operation, body] of READS) {
      await sandbox().ok(operation, body(item));
    }
    expect(await sandbox().ok('sandboxItemResetLogin', { access_token: item.accessToken })).toMatchObject({
      reset_login: true,
    });
    // A retry changes nothing and sends nothing more.
    await sandbox().ok('sandboxItemResetLogin', { access_token: item.accessToken });
    for (const [operation, body] of READS) {
      const refused = await sandbox().fail(operation, body(item));
      expect([refused.status, refused.body.error_type, refused.body.error_code]).toEqual([
        400,
        'ITEM_ERROR',
        'ITEM_LOGIN_REQUIRED',
      ]);
    }
    const { authorization } = await sandbox().ok('transferAuthorizationCreate', authorizationRequest(item));
    expect([authorization.decision, authorization.decision_rationale]).toEqual(['permitted', 'LOGIN_REQUIRED']);

    expect(await sandbox().ok('sandboxItemRepairLogin', { access_token: item.accessToken })).toMatchObject({
      login_repaired: true,
    });
    expect(await sandbox().ok('sandboxItemRepairLogin', { access_token: item.accessToken })).toMatchObject({
      login_repaired: false,
    });
    for (const [operation, body] of READS) {
      await sandbox().ok(operation, body(item));
    }
    const deliveries = await receiver.waitFor(2);
    const payloads = await Promise.all(deliveries.map((delivery) => verifiedPayload(delivery)));
    expect(
      payloads.map((payload) => [
        payload.webhook_code,
        (payload.error as { error_code?: string } | null)?.error_code ?? null,
      ]),
    ).toEqual([
      ['ITEM_ERROR', 'ITEM_LOGIN_REQUIRED'],
      ['LOGIN_REPAIRED', null],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.deliveries).toHaveLength(2);
  });

  it('reset_login works on an Item without a webhook URL (no webhook queued)', async () => {
    const item = await newItem(sandbox());
    await sandbox().ok('sandboxItemResetLogin', { access_token: item.accessToken });
    const refused = await sandbox().fail('authGet', { access_token: item.accessToken });
    expect(refused.body.error_code).toBe('ITEM_LOGIN_REQUIRED');
    const queued = await queuedWebhookCodes(sandbox(), item.itemId);
    expect(queued).toEqual([]);
    await sandbox().ok('sandboxItemRepairLogin', { access_token: item.accessToken });
  });

  it('an Item of user_login_reset is repaired by repair_login', async () => {
    const item = await newItem(sandbox(), { username: 'user_login_reset' });
    expect((await sandbox().fail('authGet', { access_token: item.accessToken })).body.error_code).toBe(
      'ITEM_LOGIN_REQUIRED',
    );
    expect(await sandbox().ok('sandboxItemRepairLogin', { access_token: item.accessToken })).toMatchObject({
      login_repaired: true,
    });
    await sandbox().ok('authGet', { access_token: item.accessToken });
  });

  it('user_institution_down: reads answer INSTITUTION_ERROR / INSTITUTION_NOT_RESPONDING naming the institution', async () => {
    const item = await newItem(sandbox(), { username: 'user_institution_down' });
    for (const [operation, body] of READS) {
      const refused = await sandbox().fail(operation, body(item));
      expect([refused.status, refused.body.error_type, refused.body.error_code]).toEqual([
        400,
        'INSTITUTION_ERROR',
        'INSTITUTION_NOT_RESPONDING',
      ]);
      expect(refused.body.error_message).toContain('ins_109508');
    }
  });

  it('the canonical Item can be reset and repaired (the examples of the docs)', async () => {
    await sandbox().ok('sandboxItemResetLogin', { access_token: CANONICAL_ITEM.accessToken });
    expect((await sandbox().fail('authGet', { access_token: CANONICAL_ITEM.accessToken })).body.error_code).toBe(
      'ITEM_LOGIN_REQUIRED',
    );
    await sandbox().ok('sandboxItemRepairLogin', { access_token: CANONICAL_ITEM.accessToken });
    await sandbox().ok('authGet', { access_token: CANONICAL_ITEM.accessToken });
  });
});
