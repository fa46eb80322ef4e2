/**
 * The cap on a client's pending webhooks (CLIENT_LIMITS.pendingWebhooks: queued, neither
 * delivered nor given up), on both engines. A request whose webhook would pass it is refused with
 * SANDBOX_CLIENT_LIMIT_REACHED and changes nothing; an advance whose due work would pass it stops
 * there and says how far it got, leaving the rest pending for the next advance; another client is
 * not affected. The client is brought near the cap with rows written straight to the outbox, due
 * in the far future so the deliverer leaves them alone.
 */
import { beforeEach, expect, it } from 'vitest';
import { CLIENT_LIMITS } from '../../../src/engine/errors/client-limits.js';
import { DEFAULT_CLIENT } from '../../../src/features/world/index.js';
import { describeEngines, type TestSandbox } from '../../support/harness.js';
import { exchangedItem } from '../../support/items.js';

const START = '2026-11-02T10:00:00.000Z';
/** An address nothing answers on (the discard port of loopback): its webhooks stay pending. */
const DEAD_RECEIVER = 'http://127.0.0.1:9/hooks';
const FILLER_URL = 'http://127.0.0.1:9/filler';

function expectLimit(reply: Awaited<ReturnType<TestSandbox['fail']>>, what: RegExp): void {
  expect(reply.status).toBe(400);
  expect(reply.body).toMatchObject({ error_type: 'SANDBOX_ERROR', error_code: 'SANDBOX_CLIENT_LIMIT_REACHED' });
  expect(reply.body.error_message).toMatch(what);
}

describeEngines('cap on pending webhooks', (sandbox) => {
  beforeEach(async () => {
    sandbox().clock.set(START);
    await sandbox().sandbox.reset();
  });

  /** The default client's pending webhooks. */
  async function pending(): Promise<number> {
    const { count } = await sandbox()
      .sandbox.store.db.selectFrom('webhook_outbox')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('client_id', '=', DEFAULT_CLIENT.clientId)
      .where('delivered_at', 'is', null)
      .where('failed_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  /**
   * Adds pending webhooks of the default client until it has `count`: written delivered (so each
   * insert counts nothing), then made pending in one update, due in the far future.
   */
  async function pendingUpTo(count: number): Promise<void> {
    const db = sandbox().sandbox.store.db;
    const rows = Array.from({ length: count - (await pending()) }, () => ({
      client_id: DEFAULT_CLIENT.clientId,
      item_id: null,
      url: FILLER_URL,
      webhook_code: 'DEFAULT_UPDATE',
      body: '{}',
      created_at: START,
      next_attempt_at: '9999-01-01T00:00:00.000Z',
      attempts: 0,
      delivered_at: START,
      failed_at: null,
      last_error: null,
      locked_until: null,
      locked_by: null,
      request_id: null,
    }));
    for (let start = 0; start < rows.length; start += 1000) {
      await db
        .insertInto('webhook_outbox')
        .values(rows.slice(start, start + 1000))
        .execute();
    }
    await db.updateTable('webhook_outbox').set({ delivered_at: null }).where('url', '=', FILLER_URL).execute();
    expect(await pending()).toBe(count);
  }

  /** Removes the filler rows: the client is far from the cap again. */
  async function withoutFiller(): Promise<void> {
    await sandbox().sandbox.store.db.deleteFrom('webhook_outbox').where('url', '=', FILLER_URL).execute();
  }

  it(`refuses a request whose webhook would be the client's ${CLIENT_LIMITS.pendingWebhooks + 1}th pending one, and changes nothing`, async () => {
    const item = await exchangedItem(sandbox(), ['auth'], DEAD_RECEIVER);
    const other = await exchangedItem(sandbox(), ['auth'], DEAD_RECEIVER);
    await pendingUpTo(CLIENT_LIMITS.pendingWebhooks - 1);
    // The last place: taken by the acknowledgement of a webhook update.
    await sandbox().ok('itemWebhookUpdate', { access_token: other.access_token, webhook: `${DEAD_RECEIVER}/b` });
    const refused = await sandbox().fail('itemWebhookUpdate', {
      access_token: item.access_token,
      webhook: `${DEAD_RECEIVER}/new`,
    });
    expectLimit(refused, /already has 10000 pending webhooks/);
    expect(refused.body.suggested_action).toMatch(/acknowledge/);
    const [stored] = await sandbox()
      .sandbox.store.db.selectFrom('items')
      .select('webhook')
      .where('item_id', '=', item.item_id)
      .execute();
    expect(stored?.webhook).toBe(DEAD_RECEIVER);
    expect(await pending()).toBe(CLIENT_LIMITS.pendingWebhooks);
    // Another client is not affected.
    const theirs = await sandbox().ok(
      'sandboxPublicTokenCreate',
      { institution_id: 'ins_109508', initial_products: ['auth'], options: { webhook: DEAD_RECEIVER } },
      'demo',
    );
    const exchanged = await sandbox().ok('itemPublicTokenExchange', { public_token: theirs.public_token }, 'demo');
    await sandbox().ok(
      'itemWebhookUpdate',
      { access_token: exchanged.access_token, webhook: `${DEAD_RECEIVER}/c` },
      'demo',
    );
    // Room again: the same request passes.
    await withoutFiller();
    await sandbox().ok('itemWebhookUpdate', { access_token: item.access_token, webhook: `${DEAD_RECEIVER}/new` });
  });

  it('stops an advance whose due work would pass the cap, says how far it got, and leaves the rest to the next advance', async () => {
    await exchangedItem(sandbox(), ['transactions'], DEAD_RECEIVER);
    await pendingUpTo(CLIENT_LIMITS.pendingWebhooks - 1);
    const stopped = await sandbox().fail('sandboxClockAdvance', { duration: 'P30D' });
    expectLimit(stopped, /already has 10000 pending webhooks/);
    expect(stopped.body.error_message).toMatch(
      /the advance stopped: the clock is at 2026-12-02T10:00:00\.000Z; \d+ items? of due work performed, the work due from 2026-11-\d\dT00:00:00\.000Z on is still pending/,
    );
    expect(await pending()).toBe(CLIENT_LIMITS.pendingWebhooks);
    // The clock moved all the way; nothing was dropped: the next advance (to the same time) performs the rest.
    const { clock } = await sandbox().ok('sandboxClockGet', {});
    expect(clock.current_time).toBe('2026-12-02T10:00:00.000Z');
    await withoutFiller();
    const rest = await sandbox().ok('sandboxClockAdvance', { target_time: clock.current_time });
    expect(rest.performed.transactions_day).toBeGreaterThan(0);
    const { count } = await sandbox()
      .sandbox.store.db.selectFrom('due_work')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('client_id', '=', DEFAULT_CLIENT.clientId)
      .where('state', '=', 'pending')
      .where('due_at', '<=', clock.current_time)
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(0);
  });
});
