/**
 * Identifiers and tokens in the shapes the API documents: `public-sandbox-<uuid>`,
 * `access-sandbox-<uuid>`, `processor-sandbox-<identifier>`, 37-character Item and account ids.
 * Random ones come from the CSPRNG; derived ones are a hash of a seed, so the same Item always
 * gets the same account ids and different Items never share one.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';

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
  return base62(randomBytes(length), length);
}

/** A 37-character base-62 id derived from `seed`: stable for a seed, distinct across seeds. */
export function derivedId(seed: string, length = 37): string {
  const digest = createHash('sha512').update(seed).digest();
  return base62(digest, length);
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

/** A lowercase UUID for records whose ids the API documents as UUIDs (transfers, bank transfers). */
export function newUuid(): string {
  return randomUUID();
}
