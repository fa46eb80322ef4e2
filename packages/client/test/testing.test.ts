/**
 * `@svc/client/testing`: which credentials each call of a throwaway client sends (the admin key
 * only to create and delete, the client's own to reset, snapshot and restore, both to fork), the admin key from
 * the option or SVC_SANDBOX_ADMIN_KEY, and a refusal as an SvcApiError that never shows the key.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SvcApiError } from '../src/index.js';
import { ADMIN_KEY_VARIABLE, createThrowawayClient } from '../src/testing/index.js';

const ADMIN_KEY = 'sbxadm_testing_0123456789';

interface Sent {
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** A fake sandbox: answers each path with `answers[path]` (200) and records what was sent. */
function fakeSandbox(answers: Record<string, { status?: number; body: object }>) {
  const sent: Sent[] = [];
  const fetch = async (request: Request) => {
    const path = new URL(request.url).pathname;
    sent.push({
      path,
      headers: Object.fromEntries(request.headers.entries()),
      body: JSON.parse(await request.text()) as Record<string, unknown>,
    });
    const answer = answers[path] ?? { body: {} };
    return new Response(JSON.stringify({ ...answer.body, request_id: 'Aa1Bb2Cc3Dd4Ee5' }), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { sent, fetch };
}

const created = {
  client_id: '3c9a51e07f2b4d68a1e0c5b7',
  secret: 'own-secret-0123456789abcdef',
  webhook_secret: 'whsec_x',
};

afterEach(() => {
  delete process.env[ADMIN_KEY_VARIABLE];
});

describe('createThrowawayClient', () => {
  it('sends the admin key only to create and delete, the client credentials to its world operations', async () => {
    const sandbox = fakeSandbox({
      '/sandbox/client/create': { body: created },
      '/sandbox/snapshot/create': { body: { snapshot: { snapshot_id: 'snapshot-1' } } },
    });
    const client = await createThrowawayClient({
      baseUrl: 'http://127.0.0.1:4020/',
      adminKey: ADMIN_KEY,
      name: 'suite',
      fetch: sandbox.fetch,
    });
    expect(client).toMatchObject({ clientId: created.client_id, secret: created.secret, webhookSecret: 'whsec_x' });
    await client.reset();
    const snapshotId = await client.snapshot('fresh');
    await client.restore(snapshotId);
    await client.delete();
    expect(sandbox.sent.map((call) => [call.path, call.body])).toEqual([
      ['/sandbox/client/create', { name: 'suite' }],
      ['/sandbox/client/reset', {}],
      ['/sandbox/snapshot/create', { name: 'fresh' }],
      ['/sandbox/snapshot/restore', { snapshot_id: 'snapshot-1' }],
      ['/sandbox/client/delete', { throwaway_client_id: created.client_id }],
    ]);
    for (const call of sandbox.sent) {
      const admin = call.path === '/sandbox/client/create' || call.path === '/sandbox/client/delete';
      expect(call.headers['svc-sandbox-admin-key'], call.path).toBe(admin ? ADMIN_KEY : undefined);
      expect(call.headers['svc-client-id'], call.path).toBe(admin ? undefined : created.client_id);
      expect(call.headers['svc-secret'], call.path).toBe(admin ? undefined : created.secret);
    }
  });

  it('forks a snapshot with both the admin key and the client credentials, into a throwaway client of its own', async () => {
    const forkCredentials = {
      client_id: '7e2b90c4d1a35f86b0e9c2d4',
      secret: 'fork-secret-0123456789',
      webhook_secret: 'whsec_f',
    };
    const sandbox = fakeSandbox({
      '/sandbox/client/create': { body: created },
      '/sandbox/snapshot/restore': { body: { snapshot: { snapshot_id: 'snapshot-1' }, new_client: forkCredentials } },
    });
    const client = await createThrowawayClient({
      baseUrl: 'http://127.0.0.1:4020',
      adminKey: ADMIN_KEY,
      fetch: sandbox.fetch,
    });
    const fork = await client.fork('snapshot-1');
    expect(fork).toMatchObject({
      clientId: forkCredentials.client_id,
      secret: forkCredentials.secret,
      webhookSecret: 'whsec_f',
    });
    await fork.reset();
    await fork.delete();
    expect(
      sandbox.sent
        .slice(1)
        .map((call) => [call.path, call.body, call.headers['svc-client-id'], call.headers['svc-sandbox-admin-key']]),
    ).toEqual([
      ['/sandbox/snapshot/restore', { snapshot_id: 'snapshot-1', into_new_client: true }, created.client_id, ADMIN_KEY],
      ['/sandbox/client/reset', {}, forkCredentials.client_id, undefined],
      ['/sandbox/client/delete', { throwaway_client_id: forkCredentials.client_id }, undefined, ADMIN_KEY],
    ]);
    expect(sandbox.sent[1]?.headers['svc-secret']).toBe(created.secret);
  });

  it('reads the admin key from SVC_SANDBOX_ADMIN_KEY, and refuses to start without one', async () => {
    await expect(createThrowawayClient({ baseUrl: 'http://127.0.0.1:4020' })).rejects.toThrow(ADMIN_KEY_VARIABLE);
    process.env[ADMIN_KEY_VARIABLE] = ADMIN_KEY;
    const sandbox = fakeSandbox({ '/sandbox/client/create': { body: created } });
    await createThrowawayClient({ baseUrl: 'http://127.0.0.1:4020', fetch: sandbox.fetch });
    expect(sandbox.sent[0]?.headers['svc-sandbox-admin-key']).toBe(ADMIN_KEY);
  });

  it('rejects with the SvcApiError of a refusal, without the admin key in it', async () => {
    const sandbox = fakeSandbox({
      '/sandbox/client/create': {
        status: 401,
        body: { error_type: 'INVALID_INPUT', error_code: 'INVALID_ADMIN_KEY', error_message: 'the key is wrong' },
      },
    });
    const refusal = await createThrowawayClient({
      baseUrl: 'http://x',
      adminKey: ADMIN_KEY,
      fetch: sandbox.fetch,
    }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SvcApiError);
    expect(refusal).toMatchObject({
      status: 401,
      error_code: 'INVALID_ADMIN_KEY',
      operation: '/sandbox/client/create',
    });
    expect(JSON.stringify(refusal) + String(refusal)).not.toContain(ADMIN_KEY);
  });
});
