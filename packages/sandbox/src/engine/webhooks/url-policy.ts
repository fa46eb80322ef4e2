/**
 * Which URLs the sandbox calls with webhooks. Allowed: `http` and `https` URLs of public hosts,
 * private networks and loopback (a receiver on your own machine). Refused, both when a URL is set
 * and again for every address a host name resolves to when a webhook is sent (so DNS cannot
 * redirect a delivery): link-local addresses (169.254.0.0/16, fe80::/10) including the cloud
 * metadata service (169.254.169.254, fd00:ec2::254, metadata.google.internal), the unspecified
 * network 0.0.0.0/8 and `::`, multicast and broadcast, and URLs carrying user names or passwords.
 */
import { isIP } from 'node:net';

/** The verdict on a URL or an address. */
export type UrlVerdict = { ok: true } | { ok: false; reason: string };

const METADATA_HOSTS: ReadonlySet<string> = new Set(['metadata.google.internal', 'metadata', 'instance-data']);

/** Checks a webhook URL before it is stored. */
export function checkWebhookUrl(text: string): UrlVerdict {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'is not an absolute URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, reason: `uses ${url.protocol.replace(':', '')}; only http and https URLs are called` };
  }
  if (url.username || url.password) {
    return { ok: false, reason: 'carries a user name or password; put no credentials in webhook URLs' };
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (METADATA_HOSTS.has(host)) {
    return { ok: false, reason: `points at ${host}, a cloud metadata service, which the sandbox never calls` };
  }
  return isIP(host) === 0 ? { ok: true } : checkAddress(host);
}

/** Checks one IP address (literal in a URL, or resolved from a host name at send time). */
export function checkAddress(address: string): UrlVerdict {
  const kind = isIP(address);
  if (kind === 4) {
    return checkIpv4(address);
  }
  if (kind === 6) {
    const lower = address.toLowerCase();
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
    if (mapped?.[1]) {
      return checkIpv4(mapped[1]);
    }
    // The URL parser writes IPv4-mapped addresses in hex: ::ffff:a9fe:a9fe is 169.254.169.254.
    const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
    if (hexMapped?.[1] && hexMapped[2]) {
      const high = Number.parseInt(hexMapped[1], 16);
      const low = Number.parseInt(hexMapped[2], 16);
      return checkIpv4([high >> 8, high & 255, low >> 8, low & 255].join('.'));
    }
    if (lower === '::') {
      return refused(address, 'the unspecified address');
    }
    if (/^fe[89ab][0-9a-f]:/.test(lower)) {
      return refused(address, 'a link-local address');
    }
    if (lower.startsWith('ff')) {
      return refused(address, 'a multicast address');
    }
    if (lower === 'fd00:ec2::254') {
      return refused(address, 'the cloud metadata service');
    }
    return { ok: true };
  }
  return { ok: false, reason: `${address} is not an IP address` };
}

function checkIpv4(address: string): UrlVerdict {
  const [a = 0, b = 0] = address.split('.').map(Number);
  if (a === 169 && b === 254) {
    return refused(address, 'a link-local address (the cloud metadata service lives there)');
  }
  if (a === 0) {
    return refused(address, 'in the unspecified network 0.0.0.0/8');
  }
  if (a >= 224) {
    return refused(address, a === 255 ? 'the broadcast address' : 'a multicast or reserved address');
  }
  return { ok: true };
}

function refused(address: string, what: string): UrlVerdict {
  return { ok: false, reason: `resolves to ${address}, ${what}, which the sandbox never calls` };
}
