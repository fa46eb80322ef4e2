/**
 * Client secrets are stored as a salted SHA-256 and compared in constant time. Secrets are 30
 * random hexadecimal characters (120 bits), so a fast hash is enough: there is nothing to
 * brute-force, unlike a human password.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A stored secret: its hash and salt, both hexadecimal. */
export interface StoredSecret {
  hash: string;
  salt: string;
}

/** Hashes `secret` with `salt` (a new random one by default). */
export function hashSecret(secret: string, salt: string = randomBytes(16).toString('hex')): StoredSecret {
  return { hash: createHash('sha256').update(salt).update(secret).digest('hex'), salt };
}

/** Whether `secret` is the one stored, compared in constant time. */
export function verifySecret(secret: string, stored: StoredSecret): boolean {
  const candidate = Buffer.from(hashSecret(secret, stored.salt).hash, 'hex');
  const expected = Buffer.from(stored.hash, 'hex');
  return candidate.length === expected.length && timingSafeEqual(candidate, expected);
}

/** A stored secret no real secret matches, compared against when the client id is unknown, so
 * that an unknown id costs the same time as a wrong secret. */
export const UNMATCHABLE_SECRET: StoredSecret = { hash: '0'.repeat(64), salt: '00' };

/** New client credentials: a 24-character id, a 30-character secret and a webhook signing secret. */
export function newClientCredentials(): { clientId: string; secret: string; webhookSecret: string } {
  return {
    clientId: randomBytes(12).toString('hex'),
    secret: randomBytes(15).toString('hex'),
    webhookSecret: `whsec_${randomBytes(24).toString('hex')}`,
  };
}
