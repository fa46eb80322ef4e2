/**
 * Client authentication: the client id and secret of a request against the clients in the
 * store. An unknown id and a wrong secret get the same 401 `INVALID_API_KEYS`, in the same time.
 * A client's stored row is kept in memory for a few seconds, so a busy client costs no query per
 * request; every request reads the stored clock offset and generation with its first statement
 * anyway (`schedule/stale-clock.ts`), so a row changed or deleted on another instance is never
 * served. Within that time, a secret that was verified against the stored hash is remembered (in
 * memory only) and later requests compare theirs to it in constant time instead of hashing again;
 * any other secret is hashed and checked against the stored hash.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Credentials } from '@svc/server-kit';
import { SandboxError } from '../errors/sandbox-error.js';
import type { SandboxClient } from '../handler-types.js';
import type { Store } from '../store/open-store.js';
import { UNMATCHABLE_SECRET, verifySecret } from './client-secrets.js';

/** How long a client's row is reused before it is read again (ms). */
export const CLIENT_CACHE_MS = 5_000;

/** Authenticates requests; one per running sandbox. */
export interface Authenticator {
  (credentials: Credentials): Promise<SandboxClient>;
  /** Forgets every remembered client (after a reset of the store). */
  clear(): void;
  /** Forgets the remembered row of one client (after it was deleted). */
  forget(clientId: string): void;
  /**
   * Keeps the remembered row of one client (if any) with its clock offset moved to `offsetMs`
   * (committed by an advance at the client's `generation`), so the next request needs no read of
   * it. Offsets only grow within a generation: of two concurrent advances, the larger offset
   * stays, whichever tells it last; a row of another generation (the world was reset or restored
   * meanwhile) is left as it is.
   */
  clockMoved(clientId: string, offsetMs: number, generation: number): void;
}

/** An {@link Authenticator} over `store`; `now` gives milliseconds (monotonic is best). */
export function createAuthenticator(store: Store, now: () => number = () => performance.now()): Authenticator {
  const cache = new Map<string, { client: SandboxClient; until: number; verified?: Buffer }>();
  const authenticate = async (credentials: Credentials): Promise<SandboxClient> => {
    let cached = cache.get(credentials.clientId);
    if (cached && cached.until <= now()) {
      cached = undefined;
    }
    if (cached?.verified && sameSecret(cached.verified, credentials.secret)) {
      return cached.client;
    }
    let client = cached?.client;
    if (!client) {
      client = await store.db
        .selectFrom('clients')
        .selectAll()
        .where('client_id', '=', credentials.clientId)
        .executeTakeFirst();
      if (client) {
        cached = { client, until: now() + CLIENT_CACHE_MS };
        cache.set(credentials.clientId, cached);
      } else {
        cache.delete(credentials.clientId);
      }
    }
    const stored = client ? { hash: client.secret_hash, salt: client.secret_salt } : UNMATCHABLE_SECRET;
    if (!verifySecret(credentials.secret, stored) || !client) {
      throw new SandboxError({
        type: 'INVALID_INPUT',
        code: 'INVALID_API_KEYS',
        message: 'the client_id or secret is not valid for the sandbox',
        suggestedAction:
          'Use the credentials the sandbox printed at start-up, or those of a client you added with `svc-sandbox clients add`.',
      });
    }
    if (cached) {
      cached.verified = Buffer.from(credentials.secret);
    }
    return client;
  };
  return Object.assign(authenticate, {
    clear: () => cache.clear(),
    forget: (clientId: string) => {
      cache.delete(clientId);
    },
    clockMoved: (clientId: string, offsetMs: number, generation: number) => {
      const cached = cache.get(clientId);
      if (
        cached &&
        Number(cached.client.generation) === generation &&
        Number(cached.client.clock_offset_ms) < offsetMs
      ) {
        // A new row: requests in flight keep the one they were given.
        cached.client = { ...cached.client, clock_offset_ms: offsetMs };
      }
    },
  });
}

/** Whether `secret` equals the remembered `verified` one, in time independent of where they differ. */
function sameSecret(verified: Buffer, secret: string): boolean {
  const candidate = Buffer.from(secret);
  return candidate.length === verified.length && timingSafeEqual(candidate, verified);
}
