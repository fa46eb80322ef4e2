/**
 * The mock applies the schema's `x-decimal-places` rule, which Prism's validation does not know,
 * and words it as the sandbox does (issue 22).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningMock, startMock } from '../src/index.js';

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0 });
});
afterAll(() => mock.stop());

const SIGNAL = {
  access_token: 'access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6',
  account_id: 'BxBXxLj1m4HMXBm9WZZmCWVbPjX16EHwv99vp',
  client_transaction_id: 'decimals',
};
const HEADERS = { 'SVC-CLIENT-ID': '62b4f1c9a7d3e5001a2b3c4d', 'SVC-SECRET': '7d3c1f0e9b8a4c2d6e5f4a3b2c1d0e' };

describe('x-decimal-places on the mock', () => {
  it('refuses a Signal amount with three decimal places with INVALID_FIELD', async () => {
    const reply = await mock.inject({
      method: 'POST',
      url: '/signal/evaluate',
      headers: HEADERS,
      body: { ...SIGNAL, amount: 102.051 },
    });
    expect(reply.status).toBe(400);
    const body = JSON.parse(reply.body) as Record<string, unknown>;
    expect(body).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'INVALID_FIELD' });
    expect(body.error_message).toBe('amount must have at most 2 decimal places, got 102.051');
  });

  it('answers an amount with two decimal places', async () => {
    const reply = await mock.inject({
      method: 'POST',
      url: '/signal/evaluate',
      headers: HEADERS,
      body: { ...SIGNAL, amount: 102.05 },
    });
    expect(reply.status).toBe(200);
  });
});
