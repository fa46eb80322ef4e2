/**
 * Refusals the database makes for a per-client cap ({@link CLIENT_LIMITS}) kept by a trigger
 * (the pending webhooks of migration 0021), turned into the API's `SANDBOX_CLIENT_LIMIT_REACHED`.
 * The store's transactions fail with the refusal instead of the driver's error, so a request that
 * caused it is answered 400, and due work sees which cap stopped it.
 */
import { CLIENT_LIMITS, clientLimitReached } from '../errors/client-limits.js';
import type { SandboxError } from '../errors/sandbox-error.js';
import { PENDING_WEBHOOK_CAP_MESSAGE } from './migrations/0021-pending-webhook-cap.js';

/** The refusal `error` (a driver's error) stands for, or `undefined` when it is none of them. */
export function clientShareRefusal(error: unknown): SandboxError | undefined {
  const message = (error as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && message.includes(PENDING_WEBHOOK_CAP_MESSAGE)) {
    return clientLimitReached(
      'pending webhooks (neither delivered nor given up)',
      CLIENT_LIMITS.pendingWebhooks,
      'Let your receivers acknowledge (a 2xx within 5 s) or let the webhooks be given up, then retry; or use another client.',
    );
  }
  return undefined;
}

/** `work`'s outcome, with a driver's error standing for a cap replaced by the refusal. */
export async function refusingPastCaps<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw clientShareRefusal(error) ?? error;
  }
}
