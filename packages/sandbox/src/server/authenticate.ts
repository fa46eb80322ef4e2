/**
 * Client authentication: the client id and secret of a request against the clients in the
 * store. An unknown id and a wrong secret get the same 401 `INVALID_API_KEYS`, in the same time.
 */
import type { Credentials } from '@svc/server-kit';
import { UNMATCHABLE_SECRET, verifySecret } from '../domain/client-secrets.js';
import type { SandboxClient } from '../handlers/types.js';
import type { Store } from '../store/open-store.js';
import { SandboxError } from './sandbox-error.js';

/** The client of `credentials`, or throws the 401. */
export async function authenticate(store: Store, credentials: Credentials): Promise<SandboxClient> {
  const client = await store.db
    .selectFrom('clients')
    .selectAll()
    .where('client_id', '=', credentials.clientId)
    .executeTakeFirst();
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
  return client;
}
