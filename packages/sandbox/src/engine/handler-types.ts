/**
 * The handler table: one handler per operationId, typed from the spec (`handlers.gen.ts`), so a
 * missing handler, an extra one, or one returning the wrong shape is a compile error.
 */
import type { Selectable } from 'kysely';
import type { OperationBodies, OperationId } from '../generated/handlers.gen.js';
import type { ClientsTable } from './clients/tables.js';
import type { Store } from './store/open-store.js';

/** The request body type of an operation. */
export type RequestOf<K extends OperationId> = OperationBodies[K]['request'];

/** What a handler returns: the response body without `request_id` (the listener adds it). */
export type ResultOf<K extends OperationId> = Omit<OperationBodies[K]['response'], 'request_id'>;

/** The authenticated client of a request. */
export type SandboxClient = Selectable<ClientsTable>;

/**
 * What every handler gets besides the request body. What only one feature needs (the clock
 * feature's due-work runner, say) is given to that feature by the composition root.
 */
export interface HandlerContext {
  /** The client the request authenticated as: the owner of everything it reads or creates. */
  client: SandboxClient;
  /** The request's id (also in the response). */
  requestId: string;
  /** The time of the request on the client's test clock: the sandbox's clock plus the client's offset. */
  now: Date;
  /** The sandbox's clock at the request, without the client's offset. */
  baseNow: Date;
  store: Store;
  /** Tells the webhook deliverer that new webhooks were committed (call after the transaction). */
  webhooksCommitted(): void;
  /**
   * Throws the 401 `INVALID_ADMIN_KEY` unless the request also carries the sandbox's admin key
   * (`SVC-Sandbox-Admin-Key`): for what a client may do only with it (a fork of its snapshot).
   */
  requireAdminKey(): void;
  /**
   * Marks the request as a replay: answered with the record its idempotency key already named,
   * which the request `earlierRequestId` created (null when no request did: a seeded record).
   * The inspector shows it so, linked to that request.
   */
  markReplay(earlierRequestId: string | null): void;
}

/** The handler of operation `K`. It runs every state change in one `store.transaction`. */
export type Handler<K extends OperationId> = (request: RequestOf<K>, context: HandlerContext) => Promise<ResultOf<K>>;

/**
 * The operations the sandbox's admin key authenticates (security scheme `sandboxAdminKey`), not a
 * client; a test checks this list against the spec.
 */
export const ADMIN_OPERATIONS = [
  'sandboxClientCreate',
  'sandboxClientDelete',
] as const satisfies readonly OperationId[];

/** One of {@link ADMIN_OPERATIONS}. */
export type AdminOperationId = (typeof ADMIN_OPERATIONS)[number];

/** Whether `operationId` is authenticated by the admin key. */
export function isAdminOperation(operationId: string): operationId is AdminOperationId {
  return (ADMIN_OPERATIONS as readonly string[]).includes(operationId);
}

/** What an admin operation's handler gets besides the request body: no client, the sandbox's own time. */
export interface AdminContext {
  requestId: string;
  /** The sandbox's clock at the request. */
  now: Date;
  store: Store;
}

/** The handler of admin operation `K`. */
export type AdminHandler<K extends AdminOperationId> = (
  request: RequestOf<K>,
  context: AdminContext,
) => Promise<ResultOf<K>>;

/** Every operation's handler: a client's operations get a {@link HandlerContext}, the admin ones an {@link AdminContext}. */
export type Handlers = { [K in Exclude<OperationId, AdminOperationId>]: Handler<K> } & {
  [K in AdminOperationId]: AdminHandler<K>;
};

/** Some operations' handlers: what one domain module exports. */
export type HandlerGroup<K extends OperationId> = {
  [P in K]: P extends AdminOperationId ? AdminHandler<P> : Handler<P>;
};
