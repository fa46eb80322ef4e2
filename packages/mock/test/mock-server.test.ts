import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningMock, startMock } from '../src/index.js';

const credentials = { 'SVC-CLIENT-ID': '62b4f1c9a7d3e5001a2b3c4d', 'SVC-SECRET': '7d3c1f0e9b8a4c2d6e5f4a3b2c1d0e' };
const accessToken = 'access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6';
let mock: RunningMock;

beforeAll(async () => {
  mock = await startMock({ port: 0 });
}, 60_000);

afterAll(async () => {
  await mock?.stop();
});

/** POSTs a JSON body to the mock. */
function post(path: string, body: unknown, headers: Record<string, string> = credentials) {
  return fetch(`${mock.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

describe('startMock', () => {
  it('listens on 127.0.0.1 on the port it picked', () => {
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('answers a valid request with the 200 example', async () => {
    const response = await post('/item/remove', { access_token: accessToken });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ request_id: 'Hi8Jk4mNo5PqRs6' });
  });

  it.each([
    ['a missing required field', {}],
    ['an unknown field', { access_token: accessToken, unexpected: 1 }],
    ['a wrong type', { access_token: 42 }],
    ['a value outside its pattern', { access_token: 'not-a-token' }],
  ])('rejects %s with 400 and the error object (request validation is on)', async (_name, body) => {
    const response = await post('/item/remove', body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error_type: 'INVALID_REQUEST', status: 400 });
  });

  it('rejects a request without credentials with 401', async () => {
    const response = await post('/item/remove', { access_token: accessToken }, {});
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'MISSING_CREDENTIALS' });
  });

  it('stops cleanly', async () => {
    const second = await startMock({ port: 0 });
    await second.stop();
    await expect(fetch(`${second.url}/item/remove`, { method: 'POST' })).rejects.toThrow();
  }, 60_000);
});
