/**
 * `acceptRequest`'s `takesClientCredentials`: a route that does not take the client credentials
 * (one another scheme protects, such as the sandbox's admin key) is accepted without them and
 * reads none it carries; every other route still answers 401 `MISSING_CREDENTIALS` without them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { acceptRequest, createRouteTable, sendJson } from '../src/index.js';

const routes = createRouteTable([
  { path: '/client', method: 'POST', operationId: 'clientOperation' },
  { path: '/admin', method: 'POST', operationId: 'adminOperation' },
]);
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const accepted = await acceptRequest(req, res, {
      routes,
      takesClientCredentials: (route) => route.operationId !== 'adminOperation',
    });
    if (accepted) {
      sendJson(res, 200, { credentials: accepted.credentials ?? null });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

it.each([
  ['no credentials', {}, {}],
  ['credentials in the body', { client_id: 'c', secret: 's' }, {}],
  ['a malformed body credential', { client_id: 7 }, {}],
  ['credential headers', {}, { 'SVC-CLIENT-ID': 'c', 'SVC-SECRET': 's' }],
])('a route that takes no client credentials is accepted with %s, and reads none', async (_, body, headers) => {
  expect(await post('/admin', body, headers)).toEqual({ status: 200, body: { credentials: null } });
});

it('every other route still needs them', async () => {
  const reply = await post('/client', {});
  expect(reply.status).toBe(401);
  expect(reply.body.error_code).toBe('MISSING_CREDENTIALS');
  expect((await post('/client', {}, { 'SVC-CLIENT-ID': 'c', 'SVC-SECRET': 's' })).body.credentials).toMatchObject({
    clientId: 'c',
    secret: 's',
  });
});
