/**
 * The authenticator's memory: a verified secret is remembered with the client's row for
 * CLIENT_CACHE_MS, other secrets are still checked against the stored hash, and both are
 * forgotten together; an advance of the client's clock moves the remembered row's offset.
 */
import type { Credentials } from '@svc/server-kit';
import { expect, it } from 'vitest';
import { CLIENT_CACHE_MS, createAuthenticator } from '../../../src/engine/clients/authenticate.js';
import { hashSecret } from '../../../src/engine/clients/client-secrets.js';
import { SandboxError } from '../../../src/engine/errors/sandbox-error.js';
import { DEFAULT_CLIENT } from '../../../src/features/world/world.js';
import { describeEngines } from '../../support/harness.js';

const sources = { clientId: 'header', secret: 'header' } as const;
const right: Credentials = { clientId: DEFAULT_CLIENT.clientId, secret: DEFAULT_CLIENT.secret, sources };
const wrongSameLength: Credentials = { ...right, secret: 'f'.repeat(DEFAULT_CLIENT.secret.length) };

async function refusal(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof SandboxError ? error.init.code : String(error);
  }
}

describeEngines('the authenticator', (sandbox) => {
  it('refuses a wrong secret after the right one was remembered, and accepts the right one again', async () => {
    let now = 0;
    const authenticate = createAuthenticator(sandbox().sandbox.store, () => now);
    expect((await authenticate(right)).client_id).toBe(DEFAULT_CLIENT.clientId);
    expect(await refusal(authenticate(wrongSameLength))).toBe('INVALID_API_KEYS');
    expect(await refusal(authenticate({ ...right, secret: `${right.secret}0` }))).toBe('INVALID_API_KEYS');
    now += 10;
    expect((await authenticate(right)).client_id).toBe(DEFAULT_CLIENT.clientId);
  });

  it('forgets the remembered secret with the row: a changed secret counts once the row is read again', async () => {
    const store = sandbox().sandbox.store;
    let now = 0;
    const authenticate = createAuthenticator(store, () => now);
    await authenticate(right);
    const original = await store.db
      .selectFrom('clients')
      .select(['secret_hash', 'secret_salt'])
      .where('client_id', '=', right.clientId)
      .executeTakeFirstOrThrow();
    const replaced = hashSecret('0'.repeat(30));
    await store.db
      .updateTable('clients')
      .set({ secret_hash: replaced.hash, secret_salt: replaced.salt })
      .where('client_id', '=', right.clientId)
      .execute();
    try {
      // Within the cache time the remembered row (and secret) still count.
      expect((await authenticate(right)).client_id).toBe(right.clientId);
      now += CLIENT_CACHE_MS + 1;
      expect(await refusal(authenticate(right))).toBe('INVALID_API_KEYS');
      expect((await authenticate({ ...right, secret: '0'.repeat(30) })).client_id).toBe(right.clientId);
    } finally {
      await store.db.updateTable('clients').set(original).where('client_id', '=', right.clientId).execute();
    }
  });

  it('keeps the remembered row with a moved clock: the larger offset of its generation stays, no row is read for it', async () => {
    let now = 0;
    const authenticate = createAuthenticator(sandbox().sandbox.store, () => now);
    authenticate.clockMoved(right.clientId, 5_000, 0); // nothing remembered yet: nothing to keep
    const first = await authenticate(right);
    expect(Number(first.clock_offset_ms)).toBe(0);
    authenticate.clockMoved(right.clientId, 120_000, 0);
    authenticate.clockMoved(right.clientId, 500_000, 1); // an advance of another generation (a reset meanwhile)
    authenticate.clockMoved(right.clientId, 60_000, 0); // an earlier advance telling it last
    const moved = await authenticate(right);
    expect(Number(moved.clock_offset_ms)).toBe(120_000);
    expect(Number(first.clock_offset_ms)).toBe(0); // the row handed out before is left as it was
    now += CLIENT_CACHE_MS + 1;
    // Read again from the store, where the offset was not moved.
    expect(Number((await authenticate(right)).clock_offset_ms)).toBe(0);
  });
});
