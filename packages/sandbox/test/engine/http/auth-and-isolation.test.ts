import { expect, it } from 'vitest';
import { CANONICAL_ITEM, DEFAULT_CLIENT, DEMO_CLIENT } from '../../../src/features/world/world.js';
import { describeEngines } from '../../support/harness.js';

describeEngines('credentials and tenant isolation', (sandbox) => {
  it.each([
    ['a wrong secret', { clientId: DEFAULT_CLIENT.clientId, secret: 'f'.repeat(30) }],
    ['an unknown client id', { clientId: 'ffffffffffffffffffffffff', secret: DEFAULT_CLIENT.secret }],
  ])('answers %s with the same 401 INVALID_API_KEYS', async (_name, client) => {
    const reply = await sandbox().fail('itemRemove', { access_token: CANONICAL_ITEM.accessToken }, client);
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({
      error_type: 'INVALID_INPUT',
      error_code: 'INVALID_API_KEYS',
      error_message: 'the client_id or secret is not valid for the sandbox',
    });
  });

  it('answers missing credentials with 401 MISSING_CREDENTIALS', async () => {
    const reply = await sandbox().fail('itemRemove', { access_token: CANONICAL_ITEM.accessToken }, 'none');
    expect(reply.status).toBe(401);
    expect(reply.body.error_code).toBe('MISSING_CREDENTIALS');
  });

  it('accepts the credentials as body fields', async () => {
    const reply = await sandbox().call(
      'institutionsSearch',
      {
        query: 'Gingham',
        products: null,
        country_codes: ['US'],
        client_id: DEMO_CLIENT.clientId,
        secret: DEMO_CLIENT.secret,
      },
      'none',
    );
    expect(reply.status).toBe(200);
  });

  it("answers another client's token exactly like a token that does not exist", async () => {
    const theirs = await sandbox().fail(
      'itemAccessTokenInvalidate',
      { access_token: CANONICAL_ITEM.accessToken },
      'demo',
    );
    const none = await sandbox().fail(
      'itemAccessTokenInvalidate',
      { access_token: 'access-sandbox-00000000-0000-4000-8000-000000000000' },
      'demo',
    );
    const strip = ({ request_id: _id, ...rest }: Record<string, unknown>) => rest;
    expect(theirs.status).toBe(none.status);
    expect(strip(theirs.body as never)).toEqual(strip(none.body as never));
    // And the default client still owns it.
    await sandbox().ok('itemWebhookUpdate', {
      access_token: CANONICAL_ITEM.accessToken,
      webhook: 'https://www.example.com/h',
    });
  });

  it("cannot exchange another client's public token", async () => {
    await sandbox().sandbox.reset();
    const reply = await sandbox().fail('itemPublicTokenExchange', { public_token: CANONICAL_ITEM.publicToken }, 'demo');
    expect(reply.body.error_code).toBe('INVALID_PUBLIC_TOKEN');
  });

  it('never writes a secret into a log line', async () => {
    await sandbox().call(
      'itemRemove',
      { access_token: CANONICAL_ITEM.accessToken, secret: DEFAULT_CLIENT.secret },
      'none',
    );
    await sandbox().call(
      'itemRemove',
      { access_token: 'x' },
      { clientId: DEFAULT_CLIENT.clientId, secret: 'a-wrong-secret-value' },
    );
    const text = JSON.stringify(sandbox().logs);
    expect(text).not.toContain(DEFAULT_CLIENT.secret);
    expect(text).not.toContain('a-wrong-secret-value');
    expect(text).not.toContain(DEFAULT_CLIENT.webhookSecret);
    const request = sandbox().logs.find((entry) => entry.event === 'request');
    // A 4xx or 5xx line also names its error_code (issue 26).
    const errorCode = Number(request?.status) >= 400 ? ['error_code'] : [];
    expect(Object.keys(request ?? {}).sort()).toEqual(
      [
        'client_id',
        'duration_ms',
        'event',
        'level',
        'method',
        'operation',
        'path',
        'request_id',
        'status',
        ...errorCode,
      ].sort(),
    );
  });
});

describeEngines(
  'per-client rate limit',
  (sandbox) => {
    it('answers the catalogue 429 with Retry-After once a client is over its limit, per client', async () => {
      const body = { query: 'Gingham', products: null, country_codes: ['US'] };
      for (let index = 0; index < 3; index++) {
        expect((await sandbox().call('institutionsSearch', body)).status).toBe(200);
      }
      const limited = await sandbox().call('institutionsSearch', body);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('10');
      expect(limited.body).toMatchObject({ error_type: 'RATE_LIMIT_EXCEEDED', error_code: 'RATE_LIMIT' });
      // Another client has its own budget.
      expect((await sandbox().call('institutionsSearch', body, 'demo')).status).toBe(200);
      // The bucket refills with time (the injected clock).
      sandbox().clock.advance(10_000);
      expect((await sandbox().call('institutionsSearch', body)).status).toBe(200);
    });
  },
  { rateLimit: { limit: 3, windowMs: 30_000 } },
);
