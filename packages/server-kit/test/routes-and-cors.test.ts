import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { LOCAL_ORIGINS } from '../src/access-policy.js';
import { CORS_ALLOWED_HEADERS, corsHeaders } from '../src/cors.js';
import { createRouteTable, requestPath, routeError } from '../src/routes.js';

const table = createRouteTable([
  { path: '/item/remove', method: 'POST', operationId: 'itemRemove' },
  { path: '/auth/get', method: 'post', operationId: 'authGet' },
]);

describe('createRouteTable', () => {
  it.each([
    ['POST', '/item/remove', 'found'],
    ['post', '/auth/get?x=1', 'found'],
    ['POST', '/item/remove/', 'not-found'],
    ['POST', '/nope', 'not-found'],
    ['GET', '/item/remove', 'method-not-allowed'],
    ['PUT', '/auth/get', 'method-not-allowed'],
  ])('%s %s → %s', (method, url, kind) => {
    expect(table.match(method, url).kind).toBe(kind);
  });

  it('answers a found route with the match made once for it (nothing made per request)', () => {
    const first = table.match('POST', '/item/remove');
    expect(first).toEqual({ kind: 'found', route: table.routes[0] });
    expect(table.match('POST', '/item/remove')).toBe(first);
    expect(table.match('post', '/item/remove?x=1')).toBe(first);
  });

  it('refuses a duplicate route', () => {
    expect(() =>
      createRouteTable([
        { path: '/a', method: 'POST', operationId: 'a' },
        { path: '/a', method: 'post', operationId: 'b' },
      ]),
    ).toThrow(/duplicate route POST \/a/);
  });

  it.each([
    ['/item/remove?x=1#y', '/item/remove'],
    ['/item/%72emove', '/item/remove'],
    ['/item%7Eremove', '/item~remove'],
    // An encoded slash is not a path separator (issue 13): /item%2fremove is not /item/remove.
    ['/item%2fremove', '/item%2Fremove'],
    ['/item%2Fremove?x=1', '/item%2Fremove'],
    ['/item%20remove', '/item%20remove'],
    ['/%E0%A4%A', '/%E0%A4%A'],
  ])('reads the path of %s as %s (no query or fragment; unreserved escapes decoded)', (url, path) => {
    expect(requestPath(url)).toBe(path);
  });

  it('matches no operation for an encoded slash', () => {
    const table = createRouteTable([{ path: '/item/remove', method: 'POST', operationId: 'itemRemove' }]);
    expect(table.match('POST', '/item%2fremove')).toEqual({ kind: 'not-found', path: '/item%2Fremove' });
    expect(table.match('POST', '/item/%72emove')).toMatchObject({ kind: 'found' });
  });
});

describe('routeError', () => {
  it('is a 404 NOT_FOUND naming the path', () => {
    const { error, headers } = routeError({ kind: 'not-found', path: '/nope' }, 'r');
    expect(error).toMatchObject({ status: 404, error_type: 'INVALID_REQUEST', error_code: 'NOT_FOUND' });
    expect(error.error_message).toContain('/nope');
    expect(headers).toBeUndefined();
  });

  it('is a 405 METHOD_NOT_ALLOWED with an Allow header', () => {
    const response = routeError({ kind: 'method-not-allowed', path: '/a', method: 'GET', allowed: ['POST'] }, 'r');
    expect(response.error).toMatchObject({ status: 405, error_code: 'METHOD_NOT_ALLOWED' });
    expect(response.headers).toEqual({ Allow: 'POST, OPTIONS' });
  });
});

describe('corsHeaders', () => {
  const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

  // Issue 22: credentials travel in headers, so Access-Control-Allow-Credentials is never sent
  // (it was 'true' for any origin, letting any page read a local server with cookies or auth).
  it('echoes the origin of a browser request and never allows credentials', () => {
    const headers = corsHeaders(request({ origin: 'http://localhost:3000' }));
    expect(headers).toMatchObject({ 'Access-Control-Allow-Origin': 'http://localhost:3000', Vary: 'Origin' });
    expect(headers).not.toHaveProperty('Access-Control-Allow-Credentials');
  });

  it.each([
    ['http://localhost:3000', true],
    ['http://localhost', true],
    ['http://127.0.0.1:5173', true],
    ['http://[::1]:8080', true],
    ['https://localhost:3000', false],
    ['http://localhost.attacker.example', false],
    ['http://localhost:3000.attacker.example', false],
    ['https://attacker.example', false],
    ['http://attacker.example:4030', false],
    ['file://', false],
    ['NULL ', false],
    // A page opened from a file (the HTML reference from disk, whose console calls the sandbox).
    ['null', true],
  ])('with the local origins, names %s only when allowed (%s)', (origin, allowed) => {
    const headers = corsHeaders(request({ origin }), { allowedOrigins: LOCAL_ORIGINS });
    expect(headers['Access-Control-Allow-Origin']).toBe(allowed ? origin : undefined);
  });

  it('allows any origin when the request names none', () => {
    expect(corsHeaders(request({}))['Access-Control-Allow-Origin']).toBe('*');
  });

  it('allows the credential, version, content type and Prefer headers', () => {
    expect(CORS_ALLOWED_HEADERS).toEqual(['Content-Type', 'SVC-CLIENT-ID', 'SVC-SECRET', 'SVC-Version', 'Prefer']);
  });
});
