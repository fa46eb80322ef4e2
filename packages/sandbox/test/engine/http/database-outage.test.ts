import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT } from '../../../src/features/world/index.js';
import { CANONICAL_ITEM } from '../../../src/features/world/world.js';
import { startTestSandbox, type TestSandbox } from '../../support/harness.js';
import { createTestDatabase, startTestPostgres, type TestPostgres } from '../../support/postgres.js';

describe('the database going away [postgres]', () => {
  let postgres: TestPostgres;
  let sandbox: TestSandbox;

  beforeAll(async () => {
    // A cluster of its own: this test stops it.
    postgres = await startTestPostgres();
    sandbox = await startTestSandbox('postgres', {
      store: { kind: 'postgres', url: await createTestDatabase(postgres.adminUrl) },
    });
  });

  afterAll(async () => {
    await sandbox?.stop();
    await postgres?.stop();
  });

  const search = { query: 'Gingham', products: null, country_codes: ['US'] };
  const webhook = { access_token: CANONICAL_ITEM.accessToken, webhook: 'https://www.example.com/outage' };

  it('answers 503 SERVICE_UNAVAILABLE in the API format while it is down, and recovers when it returns', async () => {
    await sandbox.ok('itemWebhookUpdate', webhook);
    await postgres.pause();
    for (let attempt = 0; attempt < 3; attempt++) {
      const reply = await sandbox.fail('itemWebhookUpdate', webhook);
      expect(reply.status).toBe(503);
      expect(reply.headers.get('retry-after')).toBe('2');
      expect(reply.body).toMatchObject({ error_type: 'API_ERROR', error_code: 'SERVICE_UNAVAILABLE' });
      expect(reply.body.request_id).toMatch(/^[A-Za-z0-9]{15}$/);
    }
    expect(sandbox.logs.some((entry) => entry.event === 'store_unavailable')).toBe(true);
    await postgres.resume();
    await expect
      .poll(async () => (await sandbox.call('itemWebhookUpdate', webhook)).status, { timeout: 20_000 })
      .toBe(200);
    expect((await sandbox.call('institutionsSearch', search)).status).toBe(200);
  });

  it('answers the inspector 503 SERVICE_UNAVAILABLE while it is down, as the API does', async () => {
    const headers = { 'SVC-CLIENT-ID': DEFAULT_CLIENT.clientId, 'SVC-SECRET': DEFAULT_CLIENT.secret };
    const url = `${sandbox.url}/inspector/api/requests`;
    expect((await fetch(url, { headers })).status).toBe(200);
    await postgres.pause();
    try {
      const response = await fetch(url, { headers });
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('2');
      expect(await response.json()).toMatchObject({ error_type: 'API_ERROR', error_code: 'SERVICE_UNAVAILABLE' });
    } finally {
      await postgres.resume();
    }
    await expect.poll(async () => (await fetch(url, { headers })).status, { timeout: 20_000 }).toBe(200);
  });

  it('answers /readyz 503 while the database is down, naming the store and no connection string', async () => {
    expect((await fetch(`${sandbox.url}/readyz`)).status).toBe(200);
    await postgres.pause();
    try {
      const response = await fetch(`${sandbox.url}/readyz`);
      expect(response.status).toBe(503);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({
        status: 'not_ready',
        service: 'svc-sandbox',
        checks: {
          store: expect.stringMatching(/^the database (does not answer|did not answer within)/),
          migrations: 'unknown: the store does not answer',
        },
      });
      expect(text).not.toMatch(/postgres:\/\/|password|svc_test/);
      // The process still serves: a liveness probe must not restart it for the database's outage.
      expect((await fetch(`${sandbox.url}/healthz`)).status).toBe(200);
    } finally {
      await postgres.resume();
    }
    await expect.poll(async () => (await fetch(`${sandbox.url}/readyz`)).status, { timeout: 20_000 }).toBe(200);
  });
});
