/**
 * The refusal of an advance whose due work stopped short (`due-work.ts`): at the cap of due work
 * one advance performs, or at an item that would take the client past another per-client cap (its
 * pending webhooks). It is `SANDBOX_ERROR` / `SANDBOX_CLIENT_LIMIT_REACHED` and says how far the
 * advance got: the clock has moved, what was performed stands, and the work due from a time on is
 * still pending, which the next advance performs (to the same `target_time`, it moves nothing).
 */
import { CLIENT_LIMITS } from '../errors/client-limits.js';
import { SandboxError } from '../errors/sandbox-error.js';

/** Where an advance's due work stopped. */
export interface StopPoint {
  /** The time the clock was moved to. */
  until: Date;
  /** How many items this advance performed before it stopped. */
  performed: number;
  /** The `due_at` of the first item left pending. */
  pendingFrom: string;
}

/** The reason of a stop at the cap of due work one advance performs ({@link CLIENT_LIMITS}.dueWorkPerAdvance). */
export function dueWorkCapReached(): SandboxError {
  return new SandboxError({
    type: 'SANDBOX_ERROR',
    code: 'SANDBOX_CLIENT_LIMIT_REACHED',
    message: `one advance performs at most ${CLIENT_LIMITS.dueWorkPerAdvance} items of due work, and more fell due`,
    suggestedAction: 'Advance in shorter steps, or remove Items you no longer need with /item/remove.',
  });
}

/** The refusal of an advance whose due work `reason` stopped at `stop`. */
export function dueWorkStopped(reason: SandboxError, stop: StopPoint): SandboxError {
  const until = stop.until.toISOString();
  const items = `${stop.performed} ${stop.performed === 1 ? 'item' : 'items'}`;
  return new SandboxError({
    ...reason.init,
    message:
      `${reason.message}; the advance stopped: the clock is at ${until}; ${items} of due work performed, ` +
      `the work due from ${stop.pendingFrom} on is still pending, and the next advance performs it ` +
      `(an advance to target_time ${until} performs it without moving the clock)`,
    suggestedAction:
      `${reason.init.suggestedAction ?? ''} Then advance to target_time ${until} to perform the rest.`.trim(),
  });
}
