/**
 * `/sandbox/snapshot/create|list|remove|restore`: snapshots of the calling client's world, taken
 * and restored with its own credentials (`engine/clients/client-snapshots.ts` does the store's
 * part). The docs' shared clients may not take or restore one (`SANDBOX_CLIENT_SHARED`). A
 * restore `into_new_client` (a fork, `engine/clients/client-fork.ts`) needs the admin key too.
 */
import {
  forkSnapshot,
  type HandlerGroup,
  invalidInput,
  listSnapshots,
  removeSnapshot,
  restoreSnapshot,
  type SnapshotSummary,
  takeSnapshot,
} from '../../engine/index.js';
import { type ClientAdministration, presentNewClient, sharedClientError } from './operations.js';

/** A snapshot as the API answers it. */
function presentSnapshot(snapshot: SnapshotSummary) {
  return {
    snapshot_id: snapshot.snapshotId,
    name: snapshot.name,
    created_at: snapshot.createdAt,
    client_time: snapshot.clientTime,
    bytes: snapshot.bytes,
  };
}

/** The refusal of a snapshot id the client has no snapshot of. */
function unknownSnapshot(snapshotId: string) {
  return invalidInput(
    'INVALID_SNAPSHOT_ID',
    `snapshot_id names no snapshot of this client: ${snapshotId}`,
    'Send a snapshot_id /sandbox/snapshot/create or /sandbox/snapshot/list answered; a removed snapshot is gone.',
  );
}

/** The handlers of the snapshot operations; `administration` tells the docs' shared clients. */
export function createSnapshotHandlers(
  administration: Pick<ClientAdministration, 'isShared' | 'forget'>,
): HandlerGroup<'sandboxSnapshotCreate' | 'sandboxSnapshotList' | 'sandboxSnapshotRemove' | 'sandboxSnapshotRestore'> {
  return {
    sandboxSnapshotCreate: async (request, context) => {
      const clientId = context.client.client_id;
      if (administration.isShared(clientId)) {
        throw sharedClientError('snapshotted');
      }
      const snapshot = await takeSnapshot(context.store, clientId, request.name ?? null, context.baseNow, context.now);
      return { snapshot: presentSnapshot(snapshot) };
    },
    sandboxSnapshotList: async (_request, context) => ({
      snapshots: (await listSnapshots(context.store, context.client.client_id)).map(presentSnapshot),
    }),
    sandboxSnapshotRemove: async (request, context) => {
      if (!(await removeSnapshot(context.store, context.client.client_id, request.snapshot_id))) {
        throw unknownSnapshot(request.snapshot_id);
      }
      return {};
    },
    sandboxSnapshotRestore: async (request, context) => {
      const clientId = context.client.client_id;
      if (administration.isShared(clientId)) {
        throw sharedClientError('restored');
      }
      if (request.into_new_client === true) {
        // A fork makes a client: the admin key as well as the client's own credentials.
        context.requireAdminKey();
        const fork = await forkSnapshot(context.store, clientId, request.snapshot_id, context.baseNow);
        if (!fork) {
          throw unknownSnapshot(request.snapshot_id);
        }
        context.webhooksCommitted();
        return { snapshot: presentSnapshot(fork.snapshot), new_client: presentNewClient(fork.client) };
      }
      const snapshot = await restoreSnapshot(context.store, clientId, request.snapshot_id, context.baseNow);
      if (!snapshot) {
        throw unknownSnapshot(request.snapshot_id);
      }
      administration.forget(clientId);
      context.webhooksCommitted();
      return { snapshot: presentSnapshot(snapshot) };
    },
  };
}
