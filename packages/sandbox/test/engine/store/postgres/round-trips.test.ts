/**
 * Round trips to PostgreSQL per request, for every operation of the spec: a read takes at most 1,
 * a write (a request that sends `begin` or changes a row) at most 2. Each operation's first
 * request example is sent after a reset to the canonical world and once more, and an idempotent
 * create also with a new key, so that the create itself is counted, not only its replay
 * (`bench/round-trip-count.mjs`, which `node bench/round-trips-all.mjs` prints with the SQL of
 * each round trip); `bench/pg-probe.mjs` counts what the process sends.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  COUNTING_SANDBOX_OPTIONS,
  countRoundTrips,
  operationPaths,
  ROUND_TRIP_BUDGET,
} from '../../../../bench/round-trip-count.mjs';
import { silentLogger } from '../../../../src/engine/logger.js';
import { type RunningSandbox, startSandbox } from '../../../../src/start-sandbox.js';
import { createTestDatabase } from '../../../support/postgres.js';

type Counted = Awaited<ReturnType<typeof countRoundTrips>>[number];

const paths = operationPaths();
let counted: Counted[] = [];
let sandbox: RunningSandbox | undefined;

beforeAll(async () => {
  process.env.PG_PROBE_LOG = '1';
  process.env.PG_PROBE_IN_PROCESS = '1';
  const { takeLoggedRoundTrips } = await import('../../../../bench/pg-probe.mjs');
  const url = await createTestDatabase(inject('pgAdminUrl'));
  const running = await startSandbox({
    ...COUNTING_SANDBOX_OPTIONS,
    store: { kind: 'postgres', url },
    logger: silentLogger,
  });
  sandbox = running;
  counted = await countRoundTrips({ url: running.url, reset: () => running.reset(), takeLoggedRoundTrips, paths });
}, 120_000);

afterAll(async () => {
  await sandbox?.stop();
});

describe('round trips to PostgreSQL per request', () => {
  it.each(paths)('%s', (path) => {
    const requests = counted.filter((request) => request.path === path);
    expect(requests.map((request) => [request.state, request.status])).toContainEqual(['first', 200]);
    for (const request of requests) {
      const budget = ROUND_TRIP_BUDGET[request.kind];
      const sql = request.trips.map((trip, index) => `round trip ${index + 1}:\n  ${trip.join('\n  ')}`).join('\n');
      expect(request.trips.length, `${request.state} ${request.kind}, at most ${budget}:\n${sql}`).toBeLessThanOrEqual(
        budget,
      );
    }
  });

  it('counts the create itself, with a new key, of each operation whose example has an idempotency_key', () => {
    const fresh = counted.filter((request) => request.state === 'fresh');
    expect(fresh.map((request) => request.path).sort()).toEqual([
      '/bank_transfer/create',
      '/processor/bank_transfer/create',
      '/transfer/create',
    ]);
    for (const request of fresh) {
      expect([request.path, request.status, request.kind], request.text).toEqual([request.path, 200, 'write']);
    }
  });
});
