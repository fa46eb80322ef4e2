/**
 * When a transfer that moves by itself (`auto-moves.ts`) moves: the sandbox follows the public
 * FedACH schedule of same-day processing. On each US banking day (`us-banking-calendar.ts`) the
 * Federal Reserve takes same-day ACH files until three deposit deadlines, 10:30, 14:45 and 16:45
 * Eastern Time (America/New_York: EST or EDT as the day has it). A `pending` transfer becomes
 * `posted` at the first of these deadlines after it was created (a transfer created at a
 * deadline waits for the next one), and `settled` one banking day after it posted, at the same
 * Eastern time.
 */
import { type CalendarDate, dateInZone, setBounded, zonedTime } from '../../engine/index.js';
import { isUsBankingDay, nextUsBankingDay } from './us-banking-calendar.js';

/** The time zone of the FedACH schedule. */
export const ACH_TIME_ZONE = 'America/New_York';

/** The FedACH same-day deposit deadlines of a banking day, Eastern Time (`HH:MM`), in order. */
export const ACH_WINDOWS: readonly string[] = ['10:30', '14:45', '16:45'];

const easternTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: ACH_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Dates whose windows {@link windowsOn} keeps at most (a few years of banking days). */
const KEPT_WINDOW_DATES = 1024;

/** The windows of the dates asked for lately (the oldest dropped first), as epoch milliseconds: the same for every call. */
const keptWindows = new Map<CalendarDate, readonly number[]>();

/**
 * The instants (epoch milliseconds) of the ACH windows of `date`, none when it is not a banking
 * day. Worked out once per date (six `Intl` zone look-ups, about 30 µs) and kept: every transfer
 * created on a day asks for that day's windows.
 */
function windowsOn(date: CalendarDate): readonly number[] {
  let windows = keptWindows.get(date);
  if (!windows) {
    windows = isUsBankingDay(date) ? ACH_WINDOWS.map((time) => zonedTime(date, time, ACH_TIME_ZONE).getTime()) : [];
    setBounded(keptWindows, date, windows, KEPT_WINDOW_DATES);
  }
  return windows;
}

/**
 * The last answer of {@link nextAchWindow}, and the instant it was asked for: no window lies
 * between the two, so every instant from `afterMs` up to `nextMs` has the same answer.
 */
let lastAnswer = { afterMs: Number.NaN, nextMs: Number.NaN };

/** The first ACH window strictly after `after`: when a transfer created at `after` posts. */
export function nextAchWindow(after: Date): Date {
  const afterMs = after.getTime();
  if (afterMs >= lastAnswer.afterMs && afterMs < lastAnswer.nextMs) {
    return new Date(lastAnswer.nextMs);
  }
  let date = dateInZone(after, ACH_TIME_ZONE);
  for (;;) {
    const next = windowsOn(date).find((window) => window > afterMs);
    if (next !== undefined) {
      lastAnswer = { afterMs, nextMs: next };
      return new Date(next);
    }
    date = nextUsBankingDay(date);
  }
}

/** When a transfer posted at `postedAt` settles: one US banking day later, at the same Eastern time. */
export function settlementTime(postedAt: Date): Date {
  const date = dateInZone(postedAt, ACH_TIME_ZONE);
  return zonedTime(nextUsBankingDay(date), easternTime.format(postedAt), ACH_TIME_ZONE);
}
