/**
 * Per-client test clocks: a client's sandbox time is the sandbox's clock (the machine's, or the
 * one a test injects) plus the client's `clock_offset_ms`, which `/sandbox/clock/advance` grows
 * and nothing shrinks. Every handler reads the time from `context.now`, which the listener takes
 * from {@link clientNow}, so every rule follows the client's clock.
 */
import { SandboxError } from '../errors/sandbox-error.js';
import type { SandboxClient } from '../handler-types.js';
import type { Store } from '../store/open-store.js';

/** The longest single advance: 400 days. */
export const MAX_ADVANCE_MS = 400 * 24 * 60 * 60 * 1000;

/** The client's clock offset in milliseconds. */
export function offsetOf(client: Pick<SandboxClient, 'clock_offset_ms'>): number {
  return Number(client.clock_offset_ms);
}

/** The client's sandbox time when the sandbox's clock reads `base`. */
export function clientNow(base: Date, client: Pick<SandboxClient, 'clock_offset_ms'>): Date {
  return new Date(base.getTime() + offsetOf(client));
}

/** Where an advance goes: forward by a number of milliseconds, or to a time. */
export type AdvanceTo = { byMs: number } | { time: Date };

/** A client's clock after an advance. */
export interface AdvancedClock {
  /** The offset before and after. */
  fromOffsetMs: number;
  toOffsetMs: number;
}

function refused(message: string): SandboxError {
  return new SandboxError({
    type: 'SANDBOX_ERROR',
    code: 'SANDBOX_CLOCK_ADVANCE_INVALID',
    message,
  });
}

/**
 * Moves the client's clock forward, reading its offset from the store (not a cached client row),
 * with `base` the sandbox's clock now. Refused (`SANDBOX_CLOCK_ADVANCE_INVALID`): a duration of
 * zero, a time before the client's current time, a move of more than {@link MAX_ADVANCE_MS}.
 * A target time equal to the current time moves nothing (a retried advance to one time).
 */
export async function advanceClientClock(
  store: Store,
  clientId: string,
  base: Date,
  to: AdvanceTo,
): Promise<AdvancedClock> {
  return store.transaction(async (trx) => {
    let read = trx.selectFrom('clients').select('clock_offset_ms').where('client_id', '=', clientId);
    if (store.engine === 'postgres') {
      read = read.forUpdate();
    }
    const row = await read.executeTakeFirstOrThrow();
    const fromOffsetMs = offsetOf(row);
    const current = base.getTime() + fromOffsetMs;
    let byMs: number;
    if ('byMs' in to) {
      byMs = to.byMs;
      if (byMs <= 0) {
        throw refused('duration must be longer than zero: the clock only moves forward');
      }
    } else {
      byMs = to.time.getTime() - current;
      if (byMs < 0) {
        throw refused(
          `target_time ${to.time.toISOString()} is before the clock's current time ${new Date(current).toISOString()}: the clock only moves forward`,
        );
      }
    }
    if (byMs > MAX_ADVANCE_MS) {
      const days = byMs / 86_400_000;
      throw refused(
        `the advance moves the clock ${Number.isInteger(days) ? days : days.toFixed(2)} days; one advance moves at most 400 days, advance in several steps`,
      );
    }
    const toOffsetMs = fromOffsetMs + byMs;
    if (byMs > 0) {
      await trx.updateTable('clients').set({ clock_offset_ms: toOffsetMs }).where('client_id', '=', clientId).execute();
    }
    return { fromOffsetMs, toOffsetMs };
  });
}
