/**
 * The sandbox's own paths (`/healthz`, `/readyz`, `/openapi.json`, `/openapi.yaml`) on both
 * engines: any method but GET, HEAD and OPTIONS is a 405 `METHOD_NOT_ALLOWED` in the API's error
 * object with `Allow`, not a 404 that would say the path does not exist.
 */
import { expect, it } from 'vitest';
import { describeEngines } from '../../support/harness.js';

describeEngines('methods on the sandbox’s own paths', (sandbox) => {
  it.each([
    ['POST', '/healthz'],
    ['POST', '/readyz'],
    ['DELETE', '/healthz'],
    ['PUT', '/openapi.json'],
  ])('refuses %s %s with 405 and Allow', async (method, path) => {
    const response = await fetch(`${sandbox().url}${path}`, { method, body: method === 'DELETE' ? undefined : '{}' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(await response.json()).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'METHOD_NOT_ALLOWED' });
  });

  it('still answers GET /healthz', async () => {
    expect((await fetch(`${sandbox().url}/healthz`)).status).toBe(200);
  });
});
