/**
 * Per-client caps: what one client may hold at once in a shared sandbox, so that its cost to the
 * others has a bound (a request does work per fault rule; an advance does work per Item). One
 * list, documented in the operations' descriptions; reaching a cap is a 400
 * `SANDBOX_ERROR` / `SANDBOX_CLIENT_LIMIT_REACHED` naming the cap and how to free room.
 */
import { SandboxError } from './sandbox-error.js';

/** The caps, per client. */
export const CLIENT_LIMITS = {
  /** Fault rules at once (`/sandbox/fault_rule/create`); every request is checked against each. */
  faultRules: 100,
  /** Live Items (not removed) at once; each adds due work to every advance. */
  items: 500,
  /**
   * Webhooks waiting in the outbox (neither delivered nor given up) at once: they hold delivery
   * slots and rows. Kept by a trigger of the outbox (migration 0021); a new value takes a new migration.
   */
  pendingWebhooks: 10_000,
  /**
   * Items of due work one `/sandbox/clock/advance` performs (refunds executed, Items' new days):
   * an advance with more due stops there, saying how far it got; the next advance goes on.
   */
  dueWorkPerAdvance: 5_000,
  /**
   * Requests doing store work at once. Not a refusal: a client's further requests wait their
   * turn, in the order they came (`engine/http/client-turns.ts`). Half of an instance's 10
   * PostgreSQL connections, so one client's flood leaves the other half to everyone else.
   */
  requestsAtOnce: 5,
  /** Snapshots of the client's world kept at once (`/sandbox/snapshot/create`). */
  snapshots: 20,
  /** Bytes (UTF-8 JSON) of one snapshot: what the client's world may weigh to be snapshotted. */
  snapshotBytes: 8 * 1024 * 1024,
} as const;

/** The refusal of a request that would take a client past one of {@link CLIENT_LIMITS}. */
export function clientLimitReached(what: string, limit: number, suggestedAction: string): SandboxError {
  return new SandboxError({
    type: 'SANDBOX_ERROR',
    code: 'SANDBOX_CLIENT_LIMIT_REACHED',
    message: `your client already has ${limit} ${what}, the most one client may have at once`,
    suggestedAction,
  });
}
