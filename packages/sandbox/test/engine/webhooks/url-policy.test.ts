import { describe, expect, it } from 'vitest';
import { checkAddress, checkWebhookUrl } from '../../../src/engine/webhooks/url-policy.js';

describe('webhook URL policy', () => {
  it.each([
    'https://www.example.com/webhooks/svc',
    'http://127.0.0.1:8080/hooks',
    'http://localhost:3000/hooks',
    'http://10.0.0.5/hooks',
    'http://[::1]:9000/hooks',
    'http://[2001:db8::1]/hooks',
    'http://[64:ff9b::5db8:d822]/hooks',
    'http://[2002:5db8:d822::1]/hooks',
    'http://[::ffff:10.0.0.5]/hooks',
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
    ['http://[fd00:ec2::23]/x', /cloud provider's service/],
    ['http://[fd00:ec2::123]/x', /cloud provider's service/],
    ['http://168.63.129.16/machine', /cloud provider's service/],
    ['http://[::ffff:168.63.129.16]/x', /168\.63\.129\.16/],
    ['http://[64:ff9b::a83f:8110]/x', /NAT64 form of 168\.63\.129\.16/],
    ['http://metadata.google.internal/computeMetadata', /metadata service/],
    ['http://0.0.0.0/x', /unspecified/],
    ['http://224.0.0.1/x', /multicast/],
    ['http://255.255.255.255/x', /broadcast/],
  ])('refuses %s', (url, reason) => {
    const verdict = checkWebhookUrl(url);
    expect(verdict.ok).toBe(false);
    expect(verdict.ok ? '' : verdict.reason).toMatch(reason);
  });

  it.each([
    ['http://[64:ff9b::a9fe:a9fe]/x', /NAT64 form of 169\.254\.169\.254/],
    ['http://[64:ff9b:1::a9fe:a9fe]/x', /NAT64 form of 169\.254\.169\.254/],
    ['http://[::a9fe:a9fe]/x', /IPv4-compatible form of 169\.254\.169\.254/],
    ['http://[2002:a9fe:a9fe::]/x', /6to4 form of 169\.254\.169\.254/],
    ['http://[::ffff:0:a9fe:a9fe]/x', /IPv4-translated form of 169\.254\.169\.254/],
    ['http://[2001:0:a9fe:a9fe::1]/x', /Teredo form of 169\.254\.169\.254/],
    ['http://[2001:0:4136:e378:8000:63bf:5601:5601]/x', /Teredo form of 169\.254\.169\.254/],
    ['http://100.100.100.200/latest/meta-data', /metadata service/],
    ['http://[::ffff:100.100.100.200]/x', /100\.100\.100\.200/],
    ['http://metadata.google.internal./computeMetadata', /metadata service/],
    ['http://METADATA.GOOGLE.INTERNAL../x', /metadata service/],
    ['http://[::0]/x', /unspecified/],
  ])('refuses every embedding and spelling: %s', (url, reason) => {
    const verdict = checkWebhookUrl(url);
    expect(verdict.ok).toBe(false);
    expect(verdict.ok ? '' : verdict.reason).toMatch(reason);
  });

  it.each([
    '0:0:0:0:0:0:0:0',
    '::0',
    '0::',
    'fd00:ec2:0:0:0:0:0:254',
    'FD00:0EC2::0254',
    '::ffff:169.254.169.254',
    '0:0:0:0:0:ffff:a9fe:a9fe',
    '64:ff9b::169.254.169.254',
    'fe80::1%eth0',
    'FF02::1',
  ])('compares resolved addresses parsed, not as text: refuses %s', (address) => {
    expect(checkAddress(address).ok).toBe(false);
  });

  it('checks resolved addresses the same way', () => {
    expect(checkAddress('93.184.216.34').ok).toBe(true);
    expect(checkAddress('169.254.10.1').ok).toBe(false);
  });
});
