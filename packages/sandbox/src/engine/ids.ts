/**
 * Identifiers and tokens in the shapes the API documents: `public-sandbox-<uuid>`,
 * `access-sandbox-<uuid>`, `processor-sandbox-<identifier>`, 37-character Item and account ids.
 * Random ones come from the CSPRNG; derived ones are a hash of a seed, so the same Item always
 * gets the same account ids and different Items never share one.
 */
import { createHash, randomBytes, randomFillSync, randomUUID } from 'node:crypto';

/** The environment this server is. */
export const ENVIRONMENT = 'sandbox';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` base-62 characters from `bytes` (rejection-free: bias is irrelevant for ids). */
function base62(bytes: Uint8Array, length: number): string {
  let out = '';
  for (let index = 0; index < length; index++) {
    out += BASE62[(bytes[index % bytes.length] ?? 0) % 62];
  }
  return out;
}

/** A random 37-character base-62 id (the shape of Item and account ids). */
export function randomId(length = 37): string {
  return base62(randomBytesOf(length), length);
}

/**
 * The suffix of a client's namespace (`engine/clients/client-namespace.ts`): `~` and the client's
 * id, 24 hexadecimal characters, as the sandbox makes them.
 */
const NAMESPACE_SUFFIX = /~[0-9a-f]{24}/g;

/**
 * `text` without any client's namespace suffix: the canonical value a stored one stands for, and
 * the seed of generated data (transactions, account numbers), so that every client's canonical
 * Item generates what the default client's does.
 */
export function withoutAnyNamespace(text: string): string {
  return text.includes('~') ? text.replace(NAMESPACE_SUFFIX, '') : text;
}

/**
 * A 37-character base-62 id derived from `seed`: stable for a seed, distinct across seeds. A seed
 * in a client's namespace gives the default client's id in that namespace (the same id answered,
 * a distinct one stored).
 */
export function derivedId(seed: string, length = 37): string {
  const canonical = withoutAnyNamespace(seed);
  const digest = createHash('sha512').update(canonical).digest();
  return canonical === seed ? base62(digest, length) : `${base62(digest, length)}${namespaceOf(seed)}`;
}

/** The (first) namespace suffix in `text`. */
function namespaceOf(text: string): string {
  return text.match(NAMESPACE_SUFFIX)?.[0] ?? '';
}

/** A public token: `public-sandbox-<uuid>`. */
export function newPublicToken(): string {
  return `public-${ENVIRONMENT}-${randomUUID()}`;
}

/** An access token: `access-sandbox-<uuid>`. */
export function newAccessToken(): string {
  return `access-${ENVIRONMENT}-${randomUUID()}`;
}

/** A processor token: `processor-sandbox-<identifier>`. */
export function newProcessorToken(): string {
  return `processor-${ENVIRONMENT}-${randomUUID()}`;
}

/** Random bytes taken from a pool refilled from the CSPRNG (one call per 4 KiB: 256 UUIDs, 110 ids). */
const entropy = Buffer.alloc(16 * 256);
let entropyOffset = entropy.length;

/**
 * The next `size` random bytes of the pool: a view of it, the caller's to change (never handed
 * out again); a size larger than the pool gets bytes of its own.
 */
function randomBytesOf(size: number): Buffer {
  if (size > entropy.length) {
    return randomBytes(size);
  }
  if (entropyOffset + size > entropy.length) {
    randomFillSync(entropy);
    entropyOffset = 0;
  }
  entropyOffset += size;
  return entropy.subarray(entropyOffset - size, entropyOffset);
}

/**
 * A lowercase UUID for records whose ids the API documents as UUIDs (transfer authorizations,
 * transfers, bank transfers): version 7 (RFC 9562), a 48-bit Unix time in milliseconds followed by
 * 74 random bits. Ids of later records sort after earlier ones, so a new row and its index entries
 * go to the end of their B-trees instead of a random page: a commit writes a few pages rather than
 * one per row and index. The time part is the creation time, which the records show anyway.
 */
export function newUuid(now: number = Date.now()): string {
  const bytes = randomBytesOf(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
