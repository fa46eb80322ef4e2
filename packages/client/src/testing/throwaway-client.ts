/**
 * Throwaway sandbox clients for test runners (`@svc/client/testing`): a client of its own per test
 * file (or test), with the canonical world of the docs, made with the sandbox's admin key; reset
 * or restored to a snapshot between tests (or a snapshot forked into a client of its own); deleted after. The admin key comes from the
 * `adminKey` option or `SVC_SANDBOX_ADMIN_KEY`, and appears in no error.
 */
import { type ClientOptions, createClient, type SvcClient } from '../create-client.js';
import { SvcApiError } from '../errors.js';
import { clientIdHeader, sandboxAdminKeyHeader, secretHeader } from '../generated/headers.gen.js';
import { operationTable } from '../generated/operations.gen.js';
import type { FetchLike } from '../transport.js';

/** The environment variable the admin key is read from when no `adminKey` option is given. */
export const ADMIN_KEY_VARIABLE = 'SVC_SANDBOX_ADMIN_KEY';

/** Options of {@link createThrowawayClient}. */
export interface ThrowawayClientOptions {
  /** The sandbox's base URL, e.g. `http://127.0.0.1:4020`. */
  baseUrl: string;
  /** The sandbox's admin key. Default: `SVC_SANDBOX_ADMIN_KEY` from the environment. */
  adminKey?: string;
  /** A name for the client (shown by the inspector). */
  name?: string;
  /** Options of the client made for it (`createClient`), but its credentials and base URL. */
  client?: Omit<ClientOptions, 'clientId' | 'secret' | 'baseUrl' | 'environment'>;
  /** The fetch of the admin and world calls. Default: the client's `fetch`, else the global one. */
  fetch?: FetchLike;
}

/** A throwaway client: its credentials, a typed client, and what a test runner does with it. */
export interface ThrowawayClient {
  readonly clientId: string;
  readonly secret: string;
  /** The key of its webhooks' signatures. */
  readonly webhookSecret: string;
  /** A client with its credentials, against the sandbox. */
  readonly client: SvcClient;
  /** Puts its world back to the canonical one, its clock at real time (`/sandbox/client/reset`). */
  reset(): Promise<void>;
  /** Snapshots its world (`/sandbox/snapshot/create`): the snapshot's id. */
  snapshot(name?: string): Promise<string>;
  /** Restores a snapshot of its world (`/sandbox/snapshot/restore`). */
  restore(snapshotId: string): Promise<void>;
  /**
   * Restores a snapshot of its world into a new throwaway client (a fork: `/sandbox/snapshot/restore`
   * with `into_new_client`, the admin key as well): the fork answers as this client did at the
   * snapshot, ids included, and the two never share data after. This client is left as it is.
   */
  fork(snapshotId: string): Promise<ThrowawayClient>;
  /** Deletes it with everything it owns (`/sandbox/client/delete`); it cannot be used after. */
  delete(): Promise<void>;
}

/**
 * Creates a client of its own on the sandbox at `options.baseUrl` (`/sandbox/client/create`,
 * with the admin key), with the canonical world of the docs.
 *
 * @example
 * const sandbox = await createThrowawayClient({ baseUrl: 'http://127.0.0.1:4020' });
 * const snapshot = await sandbox.snapshot('fresh');
 * await sandbox.client.transferGet({ transfer_id: '460cbe92-2dcc-8eae-5ad6-b37d0ec90fd9' });
 * await sandbox.restore(snapshot);
 * await sandbox.delete();
 */
export async function createThrowawayClient(options: ThrowawayClientOptions): Promise<ThrowawayClient> {
  const adminKey = options.adminKey ?? environmentVariable(ADMIN_KEY_VARIABLE);
  if (!adminKey) {
    throw new TypeError(
      `createThrowawayClient needs the sandbox's admin key: the adminKey option or ${ADMIN_KEY_VARIABLE}`,
    );
  }
  const fetch: FetchLike = options.fetch ?? options.client?.fetch ?? ((request) => globalThis.fetch(request));
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const call = async (operation: keyof typeof operationTable, headers: Record<string, string>, body: object) => {
    const path = operationTable[operation].path;
    const response = await fetch(
      new Request(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
    );
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) {
      throw apiErrorOf(path, response.status, answer);
    }
    return answer;
  };
  const admin = { [sandboxAdminKeyHeader]: adminKey };
  const created = await call('sandboxClientCreate', admin, options.name === undefined ? {} : { name: options.name });
  return throwawayOf(created, { call, admin, baseUrl, client: options.client });
}

/** What the calls of a throwaway client need. */
interface Calls {
  call(
    operation: keyof typeof operationTable,
    headers: Record<string, string>,
    body: object,
  ): Promise<Record<string, unknown>>;
  admin: Record<string, string>;
  baseUrl: string;
  client: ThrowawayClientOptions['client'];
}

/** The {@link ThrowawayClient} of `created` (a `SandboxNewClient`: a create's or a fork's answer). */
function throwawayOf(created: Record<string, unknown>, calls: Calls): ThrowawayClient {
  const { call, admin, baseUrl } = calls;
  const clientId = String(created.client_id);
  const secret = String(created.secret);
  const own = { [clientIdHeader]: clientId, [secretHeader]: secret };
  return {
    clientId,
    secret,
    webhookSecret: String(created.webhook_secret),
    client: createClient({ ...calls.client, clientId, secret, baseUrl }),
    async reset() {
      await call('sandboxClientReset', own, {});
    },
    async snapshot(name) {
      const taken = await call('sandboxSnapshotCreate', own, name === undefined ? {} : { name });
      return String((taken.snapshot as { snapshot_id: unknown }).snapshot_id);
    },
    async restore(snapshotId) {
      await call('sandboxSnapshotRestore', own, { snapshot_id: snapshotId });
    },
    async fork(snapshotId) {
      const forked = await call(
        'sandboxSnapshotRestore',
        { ...own, ...admin },
        { snapshot_id: snapshotId, into_new_client: true },
      );
      return throwawayOf(forked.new_client as Record<string, unknown>, calls);
    },
    async delete() {
      await call('sandboxClientDelete', admin, { throwaway_client_id: clientId });
    },
  };
}

/** The {@link SvcApiError} of a refused call to `path` (the sandbox never echoes a key or secret). */
function apiErrorOf(path: string, status: number, body: Record<string, unknown>): SvcApiError {
  const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : null);
  return new SvcApiError({
    operation: path,
    status,
    error_type: (text('error_type') ?? 'API_ERROR') as SvcApiError['error_type'],
    error_code: (text('error_code') ?? 'UNEXPECTED_ERROR_BODY') as SvcApiError['error_code'],
    error_message: text('error_message') ?? `HTTP ${status}`,
    display_message: text('display_message'),
    request_id: text('request_id'),
    causes: Array.isArray(body.causes) ? (body.causes as SvcApiError['causes']) : [],
    documentation_url: text('documentation_url'),
    suggested_action: text('suggested_action'),
    retryAfterMs: null,
    unparsedBody: null,
  });
}

/** An environment variable of the runtime (Node, Deno, Bun); undefined in a browser. */
function environmentVariable(name: string): string | undefined {
  const runtime = globalThis as { process?: { env?: Record<string, string | undefined> } };
  return runtime.process?.env?.[name];
}
