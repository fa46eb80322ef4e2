import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newestFirst } from '../../support/list-order.js';
import { createTestDatabase } from '../../support/postgres.js';
import { post, type SandboxProcess, startSandboxProcess } from '../../support/processes.js';
import { type Receiver, startReceiver } from '../../support/receiver.js';

describe('two sandbox processes on one PostgreSQL', () => {
  let a: SandboxProcess;
  let b: SandboxProcess;
  let receiver: Receiver;

  beforeAll(async () => {
    const url = await createTestDatabase(inject('pgAdminUrl'));
    // Started together: migrations and seeding must be safe when they race.
    [a, b] = await Promise.all([
      startSandboxProcess(['--database-url', url, '--quiet']),
      startSandboxProcess(['--database-url', url, '--quiet']),
    ]);
    receiver = await startReceiver();
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop(), receiver?.close()]);
  });

  it('reads through one instance what was written through the other', async () => {
    const created = await post(a.url, '/sandbox/public_token/create', {
      institution_id: 'ins_109508',
      initial_products: ['auth'],
    });
    expect(created.status).toBe(200);
    const exchanged = await post(b.url, '/item/public_token/exchange', { public_token: created.body.public_token });
    expect(exchanged.status).toBe(200);
    const again = await post(a.url, '/item/public_token/exchange', { public_token: created.body.public_token });
    expect(again.body.error_code).toBe('INVALID_PUBLIC_TOKEN');
    const rotated = await post(a.url, '/item/access_token/invalidate', { access_token: exchanged.body.access_token });
    expect(rotated.status).toBe(200);
    const old = await post(b.url, '/item/remove', { access_token: exchanged.body.access_token });
    expect(old.body.error_code).toBe('INVALID_ACCESS_TOKEN');
    expect((await post(b.url, '/item/remove', { access_token: rotated.body.new_access_token })).status).toBe(200);
  });

  it('delivers each webhook once although both instances deliver from the same outbox', async () => {
    const tokens: string[] = [];
    for (let index = 0; index < 8; index++) {
      const created = await post(index % 2 ? a.url : b.url, '/sandbox/public_token/create', {
        institution_id: 'ins_109508',
        initial_products: ['auth'],
      });
      const exchanged = await post(index % 2 ? b.url : a.url, '/item/public_token/exchange', {
        public_token: created.body.public_token,
      });
      tokens.push(String(exchanged.body.access_token));
    }
    const updates = await Promise.all(
      tokens.map((access_token, index) =>
        post(index % 2 ? a.url : b.url, '/item/webhook/update', { access_token, webhook: receiver.url }),
      ),
    );
    expect(updates.map((reply) => reply.status)).toEqual(tokens.map(() => 200));
    await receiver.waitFor(tokens.length, 20_000);
    // Give a duplicate time to show up, then count.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const ids = receiver.deliveries.map((delivery) => delivery.headers['svc-webhook-id']);
    expect(ids).toHaveLength(tokens.length);
    expect(new Set(ids).size).toBe(tokens.length);
  });

  const authorization = {
    access_token: 'access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6',
    account_id: 'BxBXxLj1m4HMXBm9WZZmCWVbPjX16EHwv99vp',
    type: 'debit',
    network: 'ach',
    amount: '1.00',
    ach_class: 'ppd',
    user: { legal_name: 'Alberta Bobbeth Charleson' },
  };

  async function transfer(via: string, key: string): Promise<string> {
    const authorized = await post(via, '/transfer/authorization/create', authorization);
    expect(authorized.status, JSON.stringify(authorized.body)).toBe(200);
    const id = (authorized.body.authorization as { id: string }).id;
    const created = await post(via, '/transfer/create', {
      ...authorization,
      authorization_id: id,
      idempotency_key: key,
      description: 'two instances',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return (created.body.transfer as { id: string }).id;
  }

  it('holds an idempotency key across instances', async () => {
    const authorized = await post(a.url, '/transfer/authorization/create', authorization);
    const body = {
      ...authorization,
      authorization_id: (authorized.body.authorization as { id: string }).id,
      idempotency_key: 'two-instances-key',
      description: 'same key',
    };
    const [first, second] = await Promise.all([
      post(a.url, '/transfer/create', body),
      post(b.url, '/transfer/create', body),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((second.body.transfer as { id: string }).id).toBe((first.body.transfer as { id: string }).id);
    const changed = await post(b.url, '/transfer/create', { ...body, description: 'other body' });
    expect(changed.body.error_code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('shows every event exactly once and in order through either instance while both write', async () => {
    const start = await post(a.url, '/transfer/event/sync', { after_id: 0, count: 25 });
    let afterId = 0;
    for (const event of start.body.transfer_events as { event_id: number }[]) {
      afterId = Math.max(afterId, event.event_id);
    }
    const seen: number[] = [];
    const writers = Array.from({ length: 12 }, (_, index) => transfer(index % 2 ? a.url : b.url, `sync-${index}`));
    let done = false;
    const writing = Promise.all(writers).finally(() => {
      done = true;
    });
    let turn = 0;
    for (;;) {
      const finished = done;
      const page = await post(turn++ % 2 ? a.url : b.url, '/transfer/event/sync', { after_id: afterId, count: 3 });
      expect(page.status).toBe(200);
      const ids = (page.body.transfer_events as { event_id: number }[]).map((event) => event.event_id);
      for (const id of ids) {
        expect(id).toBeGreaterThan(afterId);
        afterId = id;
        seen.push(id);
      }
      if (finished && ids.length === 0) {
        break;
      }
    }
    await writing;
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(12);
  });

  it('lists every transfer both instances created in list order at every offset, while both cancel', async () => {
    const before = await post(a.url, '/transfer/list', { count: 25 });
    const newest = (before.body.transfers as { id: string }[]).slice(0, 6).map((listed) => listed.id);
    // Creates on both instances ranked by the list-position trigger, cancels holding transfer rows.
    const [, cancels] = await Promise.all([
      Promise.all(Array.from({ length: 16 }, (_, index) => transfer(index % 2 ? a.url : b.url, `list-${index}`))),
      Promise.all(
        newest.map((transfer_id, index) => post(index % 2 ? b.url : a.url, '/transfer/cancel', { transfer_id })),
      ),
    ]);
    expect(cancels.map((reply) => [reply.status, JSON.stringify(reply.body)])).toEqual(
      cancels.map((reply) => [200, JSON.stringify(reply.body)]),
    );
    const listed: { id: string; created: string }[] = [];
    for (let offset = 0; ; offset += 25) {
      const page = await post(offset % 50 ? b.url : a.url, '/transfer/list', { count: 25, offset });
      expect(page.status).toBe(200);
      listed.push(...(page.body.transfers as { id: string; created: string }[]));
      if ((page.body.transfers as unknown[]).length < 25) {
        break;
      }
    }
    const inListOrder = [...listed].sort(newestFirst);
    expect(listed.map((row) => row.id)).toEqual(inListOrder.map((row) => row.id));
    expect(new Set(listed.map((row) => row.id)).size).toBe(listed.length);
    for (const [offset, row] of listed.entries()) {
      const one = await post(offset % 2 ? a.url : b.url, '/transfer/list', { count: 1, offset });
      expect((one.body.transfers as { id: string }[]).map((item) => item.id)).toEqual([row.id]);
    }
    const past = await post(a.url, '/transfer/list', { count: 25, offset: listed.length });
    expect(past.body.transfers).toEqual([]);
  });
});
