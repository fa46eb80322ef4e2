/**
 * The inspector during a store outage, on both engines: a panel whose read fails because the
 * database does not answer (SQLite busy beyond its timeout, a PostgreSQL connection terminated)
 * answers the API's 503 `SERVICE_UNAVAILABLE` error object with `Retry-After`, as the API does,
 * not a 500; and serves again once the store answers.
 */
import type { KyselyPlugin } from 'kysely';
import { expect, it } from 'vitest';
import { DEFAULT_CLIENT } from '../../../src/features/world/index.js';
import { describeEngines, type EngineName } from '../../support/harness.js';

/** The error each engine's driver raises when its database does not answer. */
function outageError(engine: EngineName): Error {
  return engine === 'sqlite'
    ? Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })
    : Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
}

/** A plugin that fails every query built with it as the engine's driver does in an outage. */
function failingPlugin(engine: EngineName): KyselyPlugin {
  return {
    transformQuery() {
      throw outageError(engine);
    },
    async transformResult(args) {
      return args.result;
    },
  };
}

const HEADERS = { 'SVC-CLIENT-ID': DEFAULT_CLIENT.clientId, 'SVC-SECRET': DEFAULT_CLIENT.secret };

describeEngines('inspector during a store outage', (sandbox, engine) => {
  it('answers 503 SERVICE_UNAVAILABLE in the API error object, then serves again', async () => {
    const store = sandbox().sandbox.store;
    const healthy = store.db;
    const url = `${sandbox().url}/inspector/api/requests`;
    expect((await fetch(url, { headers: HEADERS })).status).toBe(200);
    store.db = healthy.withPlugin(failingPlugin(engine));
    try {
      const response = await fetch(url, { headers: HEADERS });
      const body = (await response.json()) as Record<string, unknown>;
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('2');
      expect(body).toMatchObject({ error_type: 'API_ERROR', error_code: 'SERVICE_UNAVAILABLE', status: 503 });
      expect(body.request_id).toMatch(/^[A-Za-z0-9]{15}$/);
    } finally {
      store.db = healthy;
    }
    expect((await fetch(url, { headers: HEADERS })).status).toBe(200);
  });
});
