/**
 * Round trips to PostgreSQL per request, for every operation of the spec: a read takes at most 1,
 * a write (a request that sends `begin` or changes a row) at most 2. Each operation's first
 * request example is sent after a reset to the canonical world and once more
 * (`bench/round-trip-count.mjs`, which `node bench/round-trips-all.mjs` prints with the SQL of
 * each round trip); `bench/pg-probe.mjs` counts what the process sends. An operation still above
 * the budget is listed in {@link ABOVE_BUDGET} with what it takes today: it may not take more,
 * and a change that brings it lower must lower its entry (the test says so).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { countRoundTrips, operationPaths, ROUND_TRIP_BUDGET } from '../../../../bench/round-trip-count.mjs';
import { silentLogger } from '../../../../src/engine/logger.js';
import { type RunningSandbox, startSandbox } from '../../../../src/start-sandbox.js';
import { createTestDatabase } from '../../../support/postgres.js';

type Counted = Awaited<ReturnType<typeof countRoundTrips>>[number];

/** Operations above the budget today, by request: "first" after a reset, "again" the same once more. */
const ABOVE_BUDGET: Record<string, Partial<Record<Counted['state'], number>>> = {
  '/auth/get': { first: 2 },
  '/identity/get': { first: 2 },
  '/transactions/get': { first: 12, again: 4 },
  '/transactions/refresh': { first: 17, again: 11 },
  '/liabilities/get': { first: 2 },
  '/investments/holdings/get': { first: 2 },
  '/investments/transactions/get': { first: 2 },
  '/processor/token/create': { first: 4, again: 4 },
  '/processor/partner_a/processor_token/create': { first: 4, again: 4 },
  '/processor/partner_b/bank_account_token/create': { first: 4, again: 4 },
  '/processor/auth/get': { first: 2, again: 2 },
  '/processor/identity/get': { first: 2, again: 2 },
  '/processor/balance/get': { first: 2, again: 2 },
  '/asset_report/audit_copy/create': { first: 4, again: 4 },
  '/asset_report/audit_copy/get': { first: 2, again: 2 },
  '/sandbox/asset_report/create': { first: 6, again: 6 },
};

const paths = operationPaths();
let counted: Counted[] = [];
let sandbox: RunningSandbox | undefined;

beforeAll(async () => {
  process.env.PG_PROBE_LOG = '1';
  process.env.PG_PROBE_IN_PROCESS = '1';
  const { takeLoggedRoundTrips } = await import('../../../../bench/pg-probe.mjs');
  const url = await createTestDatabase(inject('pgAdminUrl'));
  const running = await startSandbox({
    port: 0,
    store: { kind: 'postgres', url },
    rateLimit: null,
    logger: silentLogger,
    logRequests: false,
    requestRecords: null,
    retention: null,
    // No webhook is delivered: the deliverer's statements would mix with the requests' own.
    delivery: { concurrency: 0 },
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
      const allowed = Math.max(budget, ABOVE_BUDGET[path]?.[request.state] ?? 0);
      const sql = request.trips.map((trip, index) => `round trip ${index + 1}:\n  ${trip.join('\n  ')}`).join('\n');
      expect(request.trips.length, `${request.state} ${request.kind}, at most ${allowed}:\n${sql}`).toBeLessThanOrEqual(
        allowed,
      );
      const listed = ABOVE_BUDGET[path]?.[request.state];
      if (listed !== undefined) {
        expect(
          request.trips.length,
          `${request.state} takes ${request.trips.length} round trip(s): lower its ABOVE_BUDGET entry (${listed})`,
        ).toBe(listed);
      }
    }
  });
});
