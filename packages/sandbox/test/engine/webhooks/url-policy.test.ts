import { describe, expect, it } from 'vitest';
import { checkAddress, checkWebhookUrl } from '../../../src/engine/webhooks/url-policy.js';

describe('webhook URL policy', () => {
  it.each([
    'https://www.example.com/webhooks/svc',
    'http://127.0.0.1:8080/hooks',
    'http://localhost:3000/hooks',
    'http://10.0.0.5/hooks',
    'http://[::1]:9000/hooks',
  ])('allows %s', (url) => {
    expect(checkWebhookUrl(url)).toEqual({ ok: true });
  });

  it.each([
    ['ftp://example.com/x', /only http and https/],
    ['not a url', /not an absolute URL/],
    ['https://user:pass@example.com/x', /user name or password/],
    ['http://169.254.169.254/latest/meta-data', /link-local/],
    ['http://[fe80::1]/x', /link-local/],
    ['http://[::ffff:169.254.169.254]/x', /link-local/],
    ['http://[fd00:ec2::254]/x', /metadata/],
    ['http://metadata.google.internal/computeMetadata', /metadata service/],
    ['http://0.0.0.0/x', /unspecified/],
    ['http://224.0.0.1/x', /multicast/],
    ['http://255.255.255.255/x', /broadcast/],
  ])('refuses %s', (url, reason) => {
    const verdict = checkWebhookUrl(url);
    expect(verdict.ok).toBe(false);
    expect(verdict.ok ? '' : verdict.reason).toMatch(reason);
  });

  it('checks resolved addresses the same way', () => {
    expect(checkAddress('93.184.216.34').ok).toBe(true);
    expect(checkAddress('169.254.10.1').ok).toBe(false);
  });
});
