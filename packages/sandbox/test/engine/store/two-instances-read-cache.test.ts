/**
 * The accounts an instance keeps in memory on PostgreSQL stay correct across instances: a token
 * revoked or an Item removed through one instance is refused by every instance from then on, also
 * while both serve reads of it concurrently; and a change of an account by anyone is seen by the
 * next read.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../support/postgres.js';
import { post, type SandboxProcess, startSandboxProcess } from '../../support/processes.js';

/** Concurrent readers per instance. */
const READERS = 4;

describe('the accounts kept by two instances on one PostgreSQL', () => {
  let url: string;
  let a: SandboxProcess;
  let b: SandboxProcess;

  beforeAll(async () => {
    url = await createTestDatabase(inject('pgAdminUrl'));
    [a, b] = await Promise.all([
      startSandboxProcess(['--database-url', url, '--quiet']),
      startSandboxProcess(['--database-url', url, '--quiet']),
    ]);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  async function newItem(): Promise<{ accessToken: string; itemId: string }> {
    const created = await post(a.url, '/sandbox/public_token/create', {
      institution_id: 'ins_109508',
      initial_products: ['auth'],
    });
    const exchanged = await post(b.url, '/item/public_token/exchange', { public_token: created.body.public_token });
    expect(exchanged.status).toBe(200);
    return { accessToken: String(exchanged.body.access_token), itemId: String(exchanged.body.item_id) };
  }

  /**
   * Reads `/auth/get` with `accessToken` on both instances (READERS loops each) until `stop`
   * resolves; returns every answer with the time its request was sent.
   */
  async function readConcurrently(accessToken: string, stop: Promise<void>) {
    let stopped = false;
    void stop.then(() => {
      stopped = true;
    });
    const answers: { sentAt: number; status: number; errorCode: unknown }[] = [];
    const loop = async (base: string) => {
      // Go on a little after the stop, so that reads certainly start after it.
      let after = 0;
      while (after < 5) {
        if (stopped) {
          after++;
        }
        const sentAt = performance.now();
        const reply = await post(base, '/auth/get', { access_token: accessToken });
        answers.push({ sentAt, status: reply.status, errorCode: reply.body.error_code });
      }
    };
    await Promise.all([...Array(READERS)].flatMap(() => [loop(a.url), loop(b.url)]));
    return answers;
  }

  it.each([
    ['rotated', '/item/access_token/invalidate'],
    ['removed', '/item/remove'],
  ])('refuses a token %s through one instance on both from then on, under concurrent reads', async (_what, path) => {
    const { accessToken } = await newItem();
    let done = 0;
    let finished!: () => void;
    const stop = new Promise<void>((resolve) => {
      finished = resolve;
    });
    const reading = readConcurrently(accessToken, stop);
    // Both instances serve (and keep the accounts of) the token for a while first.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const revoked = await post(a.url, path, { access_token: accessToken });
    expect(revoked.status).toBe(200);
    done = performance.now();
    finished();
    const answers = await reading;
    const before = answers.filter((answer) => answer.sentAt < done);
    const after = answers.filter((answer) => answer.sentAt >= done);
    expect(before.some((answer) => answer.status === 200)).toBe(true);
    expect(after.length).toBeGreaterThanOrEqual(2 * READERS * 4);
    expect(after.map((answer) => answer.errorCode)).toEqual(after.map(() => 'INVALID_ACCESS_TOKEN'));
  });

  it('shows a change of an account made outside either instance on the next read of each', async () => {
    const { accessToken, itemId } = await newItem();
    const names = async (base: string) => {
      const reply = await post(base, '/auth/get', { access_token: accessToken });
      expect(reply.status).toBe(200);
      return (reply.body.accounts as { name: string }[]).map((account) => account.name);
    };
    // Read twice on each, so the accounts are kept.
    for (const base of [a.url, b.url, a.url, b.url]) {
      expect(await names(base)).not.toContain('Renamed by hand');
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`update accounts set name = 'Renamed by hand' where item_id = $1`, [itemId]);
    } finally {
      await client.end();
    }
    for (const base of [a.url, b.url]) {
      expect(new Set(await names(base))).toEqual(new Set(['Renamed by hand']));
    }
  });
});
