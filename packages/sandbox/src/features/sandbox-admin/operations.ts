/**
 * `/sandbox/client/create` and `/sandbox/client/delete`: throwaway clients for test suites,
 * authenticated by the sandbox's admin key (the listener checks it before these run);
 * `/sandbox/client/reset`: a client's world back to how it was made (its own credentials). What
 * they do to the store (a client with its own canonical world; a client with everything it owns
 * gone; a world cleared and seeded again) is the composition root's, which seeds every feature: it
 * hands it over as {@link ClientAdministration}.
 */
import { type AdminContext, type HandlerGroup, invalidInput, SandboxError } from '../../engine/index.js';

/** What the composition root does for these operations. */
export interface ClientAdministration {
  /** Creates a client named `name` with its own canonical world at `now`; its credentials. */
  create(name: string, now: Date): Promise<{ clientId: string; secret: string; webhookSecret: string; name: string }>;
  /** Deletes a client with everything it owns: what happened. */
  delete(clientId: string): Promise<'deleted' | 'unknown' | 'permanent'>;
  /** Resets a client's world at the sandbox's time `now`: what happened. */
  reset(clientId: string, now: Date): Promise<'reset' | 'unknown' | 'permanent'>;
  /** Whether `clientId` is one of the docs' shared clients (default, demo). */
  isShared(clientId: string): boolean;
  /** Forgets what this instance remembers of a deleted or reset client (its authenticated row). */
  forget(clientId: string): void;
}

/** The refusal of a reset or restore of the docs' default or demo client. */
export function sharedClientError(what: string): SandboxError {
  return new SandboxError({
    type: 'SANDBOX_ERROR',
    code: 'SANDBOX_CLIENT_SHARED',
    message: `the docs' default and demo clients are shared by everyone using the sandbox: their world cannot be ${what} through the API`,
  });
}

/** A new client's credentials as the API answers them (`SandboxNewClient`: a create, a fork). */
export function presentNewClient(client: { clientId: string; secret: string; webhookSecret: string; name: string }) {
  return {
    client_id: client.clientId,
    secret: client.secret,
    webhook_secret: client.webhookSecret,
    name: client.name,
  };
}

/** The name a client gets when the request names none (the schema's default). */
const DEFAULT_NAME = 'Throwaway client';

/** The handlers of the admin operations over `administration`. */
export function createClientAdminHandlers(
  administration: ClientAdministration,
): HandlerGroup<'sandboxClientCreate' | 'sandboxClientDelete' | 'sandboxClientReset'> {
  return {
    sandboxClientCreate: async (request, context: AdminContext) => {
      return presentNewClient(await administration.create(request.name ?? DEFAULT_NAME, context.now));
    },
    sandboxClientDelete: async (request) => {
      const clientId = request.throwaway_client_id;
      const outcome = await administration.delete(clientId);
      if (outcome !== 'deleted') {
        throw invalidInput(
          'INVALID_CLIENT_ID',
          outcome === 'permanent'
            ? `throwaway_client_id names a client of the docs, which cannot be deleted: ${clientId}`
            : `throwaway_client_id names no client of this sandbox: ${clientId}`,
          'Send the client_id /sandbox/client/create returned; a deleted client is gone.',
        );
      }
      administration.forget(clientId);
      return {};
    },
    sandboxClientReset: async (_request, context) => {
      const clientId = context.client.client_id;
      // Back at real time: seeded at the sandbox's clock, the client's offset 0.
      const outcome = await administration.reset(clientId, context.baseNow);
      if (outcome === 'permanent') {
        throw sharedClientError('reset');
      }
      if (outcome === 'unknown') {
        throw new Error(`client ${clientId} authenticated but has no row`);
      }
      administration.forget(clientId);
      return {};
    },
  };
}
