/**
 * Time, injectable: the sandbox reads the time only through a {@link Clock}, so tests move it
 * (a public token expiring after 30 minutes, a schedule) without waiting.
 */

/** A source of the current time. */
export interface Clock {
  now(): Date;
}

/** The machine's clock. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock that moves only when told to. */
export interface ManualClock extends Clock {
  /** Moves the time forward by `ms` milliseconds. */
  advance(ms: number): void;
  /** Sets the time. */
  set(time: Date | string): void;
}

/** A {@link ManualClock} starting at `start` (default: now). */
export function createManualClock(start: Date | string = new Date()): ManualClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
    set(time) {
      current = new Date(time).getTime();
    },
  };
}
