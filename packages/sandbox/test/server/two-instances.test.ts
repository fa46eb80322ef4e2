import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../support/postgres.js';
import { post, type SandboxProcess, startSandboxProcess } from '../support/processes.js';
import { type Receiver, startReceiver } from '../support/receiver.js';

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
});
