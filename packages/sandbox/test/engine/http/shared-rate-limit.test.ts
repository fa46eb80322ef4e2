import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createManualClock } from '../../../src/engine/clock.js';
import type { RateLimiter } from '../../../src/engine/http/rate-limit.js';
import { createSharedRateLimiter, defaultChunk } from '../../../src/engine/http/shared-rate-limit.js';
import { openStore, type Store } from '../../../src/engine/store/open-store.js';
import { ENGINES } from '../../support/harness.js';
import { createTestDatabase } from '../../support/postgres.js';
import { post, type SandboxProcess, startSandboxProcess } from '../../support/processes.js';

/** Takes `count` requests of `clientId`, turn by turn from each limiter; the number admitted by each. */
async function takeInTurns(limiters: RateLimiter[], clientId: string, count: number): Promise<number[]> {
  const admitted = limiters.map(() => 0);
  for (let index = 0; index < count; index++) {
    const which = index % limiters.length;
    if ((await limiters[which]?.take(clientId)) === undefined) {
      admitted[which] = (admitted[which] ?? 0) + 1;
    }
  }
  return admitted;
}

describe.each(ENGINES)('the shared rate limit [%s]', (engine) => {
  // Two stores on one database: what two instances see.
  const stores: Store[] = [];
  beforeAll(async () => {
    if (engine === 'postgres') {
      const url = await createTestDatabase(inject('pgAdminUrl'));
      stores.push(await openStore({ kind: 'postgres', url }), await openStore({ kind: 'postgres', url }));
    } else {
      const store = await openStore({ kind: 'memory' });
      stores.push(store, store);
    }
  });
  afterAll(async () => {
    await Promise.all([...new Set(stores)].map((store) => store.close()));
  });

  it('admits at most the limit per window across instances, and again in the next window', async () => {
    const clock = createManualClock('2026-11-02T10:00:00.000Z');
    const limit = { limit: 100, windowMs: 10_000 };
    const chunk = 7;
    const limiters = stores.map((store) => createSharedRateLimiter(limit, clock, store, { chunk }));
    const first = await takeInTurns(limiters, 'client-a', 300);
    const total = first.reduce((sum, count) => sum + count, 0);
    expect(total).toBeLessThanOrEqual(100);
    expect(total).toBeGreaterThanOrEqual(100 - 2 * (chunk - 1));
    // Both instances served the client: one budget, not one each.
    expect(Math.min(...first)).toBeGreaterThan(0);
    // Refused until the window ends, with the seconds to wait.
    clock.advance(2_500);
    expect(await limiters[0]?.take('client-a')).toBe(8);
    // Another client has its own budget.
    expect(await limiters[1]?.take('client-b')).toBeUndefined();
    clock.advance(7_500);
    const second = await takeInTurns(limiters, 'client-a', 300);
    expect(second.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(100 - 2 * (chunk - 1));
  });

  it('claims from the store once per chunk, not once per request', async () => {
    const clock = createManualClock('2026-11-02T11:00:00.000Z');
    const limit = { limit: 1000, windowMs: 1000 };
    const [store] = stores;
    if (!store) {
      throw new Error('no store');
    }
    let transactions = 0;
    const counting: Store = {
      ...store,
      transaction: (work) => {
        transactions++;
        return store.transaction(work);
      },
    };
    const limiter = createSharedRateLimiter(limit, clock, counting);
    const admitted = await takeInTurns([limiter], 'client-c', 500);
    expect(admitted).toEqual([500]);
    // One claim per chunk, plus the one deletion of windows that are over (at most once a minute).
    expect(transactions).toBe(500 / defaultChunk(limit) + 1);
  });
});

describe('two sandbox processes on one PostgreSQL with --rate-limit-scope shared', () => {
  let a: SandboxProcess;
  let b: SandboxProcess;
  const limit = 40;

  beforeAll(async () => {
    const url = await createTestDatabase(inject('pgAdminUrl'));
    const args = ['--database-url', url, '--quiet', '--rate-limit', `${limit}/3600s`, '--rate-limit-scope', 'shared'];
    [a, b] = await Promise.all([startSandboxProcess(args), startSandboxProcess(args)]);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it('admits the limit once for the whole sandbox, not once per instance', async () => {
    const search = { query: 'Gingham', products: null, country_codes: ['US'] };
    const hour = () => Math.floor(Date.now() / 3_600_000);
    const startedIn = hour();
    const statuses: number[] = [];
    let retryAfter: unknown;
    // Concurrent pairs, one request on each instance.
    for (let pair = 0; pair < 60; pair++) {
      const replies = await Promise.all([
        post(a.url, '/institutions/search', search),
        post(b.url, '/institutions/search', search),
      ]);
      for (const reply of replies) {
        statuses.push(reply.status);
        if (reply.status === 429) {
          retryAfter ??= reply.body.error_code;
        }
      }
    }
    // Crossing an hour boundary during the test starts a new window: the bound doubles.
    const windows = hour() - startedIn + 1;
    const admitted = statuses.filter((status) => status === 200).length;
    // Per instance, 80 would pass; shared, at most 40 (less at most 2 × (chunk − 1) = 2).
    expect(admitted).toBeLessThanOrEqual(limit * windows);
    expect(admitted).toBeGreaterThanOrEqual(limit - 2);
    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expect(retryAfter).toBe('RATE_LIMIT');
  });
});
