/**
 * `/sandbox/clock/get` and `/sandbox/clock/advance`: the calling client's test clock. An advance
 * moves the client's offset (engine `schedule/client-clock.ts`), then performs the client's work
 * that fell due up to the new time (engine `schedule/due-work.ts`, with the performers the
 * composition root registered) and answers with the counts per kind.
 */
import {
  type AdvanceTo,
  advanceClientClock,
  clockAdvanceInvalid,
  type DueWorkRunner,
  durationMs,
  type HandlerGroup,
  storedClockOffset,
} from '../../engine/index.js';
import type { OperationBodies } from '../../generated/handlers.gen.js';

type SandboxClock = OperationBodies['sandboxClockGet']['response']['clock'];

/** The clock as the API shows it, with the sandbox's clock at `base`. */
export function presentClock(base: Date, offsetMs: number): SandboxClock {
  return {
    current_time: new Date(base.getTime() + offsetMs).toISOString(),
    offset_ms: offsetMs,
    real_time: base.toISOString(),
  };
}

/** Where the request moves the clock. */
function advanceOf(request: { duration?: string; target_time?: string }): AdvanceTo {
  if ((request.duration === undefined) === (request.target_time === undefined)) {
    throw clockAdvanceInvalid('give exactly one of duration and target_time');
  }
  if (request.duration !== undefined) {
    const byMs = durationMs(request.duration);
    if (byMs === undefined) {
      throw clockAdvanceInvalid(
        `duration ${request.duration} is not an ISO 8601 duration of weeks, days, hours, minutes and seconds (for example PT31M or P1D)`,
      );
    }
    return { byMs };
  }
  return { time: new Date(request.target_time as string) };
}

/** What the clock feature needs from the composition root, beyond every handler's context. */
export interface ClockCapabilities {
  /** Performs the work that falls due on clients' clocks. */
  dueWork: DueWorkRunner;
  /**
   * Tells the remembered row of client `clientId` that its clock offset is now `offsetMs` (after
   * an advance at the client's world `generation`).
   */
  clientClockMoved(clientId: string, offsetMs: number, generation: number): void;
}

/** The clock handlers, with the capabilities they need. */
export const createClockHandlers = ({
  dueWork,
  clientClockMoved,
}: ClockCapabilities): HandlerGroup<'sandboxClockGet' | 'sandboxClockAdvance'> => ({
  async sandboxClockGet(_request, context) {
    return { clock: presentClock(context.baseNow, await storedClockOffset(context.store, context.client.client_id)) };
  },

  async sandboxClockAdvance(request, context) {
    const clientId = context.client.client_id;
    // The move and when the next work falls due in one flight: with nothing due, the advance is
    // that flight and the commit.
    const moved = await advanceClientClock(context.store, clientId, context.baseNow, advanceOf(request));
    clientClockMoved(clientId, moved.toOffsetMs, context.client.generation);
    const until = new Date(context.baseNow.getTime() + moved.toOffsetMs);
    const performed = await dueWork.perform(clientId, until, moved.nextDue);
    context.webhooksCommitted();
    return {
      clock: presentClock(context.baseNow, moved.toOffsetMs),
      performed: { refund_execution: 0, transactions_day: 0, transfer_post: 0, transfer_settle: 0, ...performed },
    };
  },
});
