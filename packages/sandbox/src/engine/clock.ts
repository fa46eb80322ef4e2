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

/**
 * A clock that reads `start` when created and runs at the pace of `base` (default: the machine's
 * clock) from there: a sandbox "started on" a given date, for tests and demos that must give the
 * same answers on any day they run.
 */
export function createStartedClock(start: Date | string, base: Clock = systemClock): Clock {
  const startMs = new Date(start).getTime();
  if (Number.isNaN(startMs)) {
    throw new Error(`the start time must be a date-time, not "${String(start)}"`);
  }
  const offsetMs = startMs - base.now().getTime();
  return { now: () => new Date(base.now().getTime() + offsetMs) };
}

/** A calendar date or an RFC 3339 date-time with its offset (`Z` or `±hh:mm`). */
const START_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/i;

/**
 * Parses the value of `--start-time` (or `SandboxOptions.startTime` as text): an RFC 3339
 * date-time with its offset (`2026-11-20T14:00:00Z`) or a calendar date, read as midnight UTC.
 * Throws an error naming the option and the value when it is neither, or not a real date.
 */
export function parseStartTime(text: string, option = '--start-time'): Date {
  const trimmed = text.trim();
  const parsed = START_TIME.test(trimmed)
    ? new Date(trimmed.length === 10 ? `${trimmed}T00:00:00Z` : trimmed.toUpperCase())
    : undefined;
  if (!parsed || Number.isNaN(parsed.getTime()) || !isRealDay(trimmed.slice(0, 10))) {
    throw new Error(
      `${option} must be a date-time with its offset (2026-11-20T14:00:00Z) or a date (2026-11-20), not "${text}"`,
    );
  }
  return parsed;
}

/** Whether `YYYY-MM-DD` names a day of the calendar (Date rolls 2026-02-31 over to March). */
function isRealDay(day: string): boolean {
  return new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;
}
