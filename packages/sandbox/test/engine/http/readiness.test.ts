import { DEFAULT_MIGRATION_TABLE, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../../../src/engine/store/migrations/index.js';
import { describeEngines, ENGINES, startTestSandbox, type TestSandbox } from '../../support/harness.js';

async function readyz(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${url}/readyz`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describeEngines('GET /readyz', (sandbox, engine) => {
  it('answers 200 with no credentials once the store answers and every migration is applied', async () => {
    expect(await readyz(sandbox().url)).toEqual({
      status: 200,
      body: { status: 'ready', service: 'svc-sandbox', checks: { store: 'ok', migrations: 'ok' } },
    });
  });

  it('answers 503 naming a migration that is not applied, or one this version does not know', async () => {
    const { db } = sandbox().sandbox.store;
    const table = sql.table(DEFAULT_MIGRATION_TABLE);
    const last = Object.keys(migrations(engine)).at(-1) ?? '';
    const { rows } = await sql<{
      name: string;
      timestamp: string;
    }>`select name, timestamp from ${table} where name = ${last}`.execute(db);
    const row = rows[0];
    expect(row).toBeDefined();
    try {
      await sql`delete from ${table} where name = ${last}`.execute(db);
      expect(await readyz(sandbox().url)).toEqual({
        status: 503,
        body: {
          status: 'not_ready',
          service: 'svc-sandbox',
          checks: { store: 'ok', migrations: `not applied: ${last}` },
        },
      });
      await sql`insert into ${table} (name, timestamp) values (${last}, ${row?.timestamp}), ('9999_from_the_future', ${row?.timestamp})`.execute(
        db,
      );
      expect((await readyz(sandbox().url)).body.checks).toEqual({
        store: 'ok',
        migrations: 'applied by another version of the sandbox: 9999_from_the_future',
      });
    } finally {
      await sql`delete from ${table} where name = '9999_from_the_future'`.execute(db);
      await sql`insert into ${table} (name, timestamp) select ${last}, ${row?.timestamp} where not exists (select 1 from ${table} where name = ${last})`.execute(
        db,
      );
    }
    expect((await readyz(sandbox().url)).status).toBe(200);
  });
});

describe.each(ENGINES)('a graceful stop [%s]', (engine) => {
  let running: TestSandbox | undefined;
  afterAll(async () => {
    await running?.stop();
  });

  it('reports not ready first, serves requests for the drain delay, then stops accepting', async () => {
    running = await startTestSandbox(engine, { drainDelayMs: 500 });
    const { url } = running;
    expect((await readyz(url)).status).toBe(200);
    const started = performance.now();
    let stoppedAfter: number | undefined;
    const stopped = running.stop().then(() => {
      stoppedAfter = performance.now() - started;
    });
    expect(await readyz(url)).toEqual({
      status: 503,
      body: {
        status: 'not_ready',
        service: 'svc-sandbox',
        checks: { stopping: 'the server is stopping: send no new requests' },
      },
    });
    // A load balancer that has not noticed yet still gets answers.
    const search = await running.ok('institutionsSearch', { query: 'Gingham', products: null, country_codes: ['US'] });
    expect(search.institutions.length).toBeGreaterThan(0);
    expect(stoppedAfter).toBeUndefined();
    await stopped;
    expect(stoppedAfter).toBeGreaterThanOrEqual(490);
    await expect(fetch(`${url}/readyz`)).rejects.toThrow();
  });
});
