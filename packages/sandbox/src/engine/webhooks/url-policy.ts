/**
 * Which URLs the sandbox calls with webhooks. Allowed: `http` and `https` URLs of public hosts,
 * private networks and loopback (a receiver on your own machine). Refused, both when a URL is set
 * and again for every address a host name resolves to when a webhook is sent (so DNS cannot
 * redirect a delivery): link-local addresses (169.254.0.0/16, fe80::/10) including the cloud
 * metadata services (169.254.169.254, 100.100.100.200, fd00:ec2::254, metadata.google.internal),
 * the cloud providers' own service addresses (Azure's 168.63.129.16, AWS's fd00:ec2::/96),
 * the unspecified network 0.0.0.0/8 and `::`, multicast and broadcast, every IPv6 form that embeds
 * a refused IPv4 address (IPv4-mapped, IPv4-compatible, IPv4-translated, NAT64, 6to4, Teredo), and
 * URLs carrying user names or passwords. Addresses are compared parsed, never as text, so every
 * spelling of an address gets the same verdict.
 */
import { isIP } from 'node:net';

/** The verdict on a URL or an address. */
export type UrlVerdict = { ok: true } | { ok: false; reason: string };

const METADATA_HOSTS: ReadonlySet<string> = new Set([
  'metadata.google.internal',
  'metadata.goog',
  'metadata',
  'instance-data',
]);

/**
 * A webhook URL as it may be shown in an error or a log line: scheme, host, port and path, with
 * any user name or password and the query string replaced by `***`, since either may carry a
 * credential. A string that is not a URL is not shown at all.
 */
export function redactedUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return '(not a URL)';
  }
  const userInfo = url.username || url.password ? '***@' : '';
  const query = url.search ? '?***' : '';
  return `${url.protocol}//${userInfo}${url.host}${url.pathname}${query}`;
}

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
  // A trailing dot names the same host (`metadata.google.internal.`).
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.+$/, '');
  if (METADATA_HOSTS.has(host)) {
    return { ok: false, reason: `points at ${host}, a cloud metadata service, which the sandbox never calls` };
  }
  return isIP(host) === 0 ? { ok: true } : checkAddress(host);
}

/** Checks one IP address (literal in a URL, or resolved from a host name at send time). */
export function checkAddress(address: string): UrlVerdict {
  const kind = isIP(address);
  if (kind === 4) {
    return checkIpv4(address.split('.').map(Number), address);
  }
  if (kind === 6) {
    const groups = parseIpv6(address);
    return groups ? checkIpv6(groups, address) : { ok: false, reason: `${address} is not an IP address` };
  }
  return { ok: false, reason: `${address} is not an IP address` };
}

/** The IPv4 metadata services outside the link-local network (Alibaba's). */
const IPV4_METADATA: readonly string[] = ['100.100.100.200'];

/**
 * Cloud providers' own services outside the link-local network that answer any machine of theirs:
 * Azure's WireServer (168.63.129.16: agent, DNS, health probes, which hands out the VM's
 * configuration).
 */
const IPV4_PROVIDER_SERVICES: readonly string[] = ['168.63.129.16'];

function checkIpv4(octets: number[], address: string): UrlVerdict {
  const problem = ipv4Problem(octets);
  return problem ? refused(address, problem) : { ok: true };
}

/** What is wrong with an IPv4 address the sandbox never calls, or undefined. */
function ipv4Problem(octets: number[]): string | undefined {
  const [a = 0, b = 0] = octets;
  if (a === 169 && b === 254) {
    return 'a link-local address (the cloud metadata service lives there)';
  }
  if (IPV4_METADATA.includes(octets.join('.'))) {
    return 'a cloud metadata service';
  }
  if (IPV4_PROVIDER_SERVICES.includes(octets.join('.'))) {
    return "a cloud provider's service address (Azure's WireServer)";
  }
  if (a === 0) {
    return 'in the unspecified network 0.0.0.0/8';
  }
  if (a >= 224) {
    return a === 255 ? 'the broadcast address' : 'a multicast or reserved address';
  }
  return undefined;
}

/** The refused verdict of an IPv4 address embedded in the IPv6 `address`, or undefined when it is allowed. */
function embedded(high: number, low: number, address: string, how: string): UrlVerdict | undefined {
  const octets = [high >> 8, high & 255, low >> 8, low & 255];
  const problem = ipv4Problem(octets);
  return problem ? refused(address, `${how} ${octets.join('.')}, ${problem}`) : undefined;
}

function checkIpv6(g: number[], address: string): UrlVerdict {
  const zeros = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  if (zeros(0, 8)) {
    return refused(address, 'the unspecified address');
  }
  if ((g0 & 0xffc0) === 0xfe80) {
    return refused(address, 'a link-local address');
  }
  if ((g0 & 0xff00) === 0xff00) {
    return refused(address, 'a multicast address');
  }
  if (g0 === 0xfd00 && g1 === 0x0ec2 && zeros(2, 7) && g7 === 0x0254) {
    return refused(address, 'the cloud metadata service');
  }
  // fd00:ec2::/96: AWS's own services on IPv6 (DNS ::253, time ::123, ::23 and the rest).
  if (g0 === 0xfd00 && g1 === 0x0ec2 && zeros(2, 6)) {
    return refused(address, "a cloud provider's service address (AWS's fd00:ec2::/96)");
  }
  const embeddings: [boolean, number, number, string][] = [
    // ::ffff:a.b.c.d (IPv4-mapped) and ::ffff:0:a.b.c.d (IPv4-translated)
    [zeros(0, 5) && g5 === 0xffff, g6, g7, 'an IPv4-mapped form of'],
    [zeros(0, 4) && g4 === 0xffff && g5 === 0, g6, g7, 'an IPv4-translated form of'],
    // ::a.b.c.d (IPv4-compatible; ::1 is loopback, not an embedding)
    [zeros(0, 6) && !(g6 === 0 && g7 <= 1), g6, g7, 'an IPv4-compatible form of'],
    // 64:ff9b::/96 (NAT64) and 64:ff9b:1::/48 (local-use NAT64, /96 within it)
    [g0 === 0x64 && g1 === 0xff9b && (zeros(2, 6) || g2 === 1), g6, g7, 'a NAT64 form of'],
    // 2002:aabb:ccdd::/48 (6to4)
    [g0 === 0x2002, g1, g2, 'a 6to4 form of'],
    // 2001:0::/32 (Teredo): the server in groups 2-3, the client inverted in groups 6-7
    [g0 === 0x2001 && g1 === 0, g2, g3, 'a Teredo form of'],
    [g0 === 0x2001 && g1 === 0, g6 ^ 0xffff, g7 ^ 0xffff, 'a Teredo form of'],
  ];
  for (const [applies, high, low, how] of embeddings) {
    const verdict = applies ? embedded(high, low, address, how) : undefined;
    if (verdict) {
      return verdict;
    }
  }
  return { ok: true };
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing dotted IPv4 part split), or undefined. */
export function parseIpv6(address: string): number[] | undefined {
  let text = address.toLowerCase().split('%')[0] ?? '';
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) {
    return undefined;
  }
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 1 && missing !== 0) || (halves.length === 2 && missing < 1)) {
    return undefined;
  }
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail].map((group) =>
    /^[0-9a-f]{1,4}$/.test(group) ? Number.parseInt(group, 16) : Number.NaN,
  );
  return groups.some(Number.isNaN) ? undefined : groups;
}

function refused(address: string, what: string): UrlVerdict {
  return { ok: false, reason: `resolves to ${address}, ${what}, which the sandbox never calls` };
}
