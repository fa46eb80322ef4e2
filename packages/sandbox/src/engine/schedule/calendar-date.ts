/**
 * Calendar dates (`YYYY-MM-DD`) and the arithmetic the banking calendars of the features share
 * (the UK working days of payments, the US banking days of transfers): moving by days, weekdays,
 * month lengths, the n-th weekday of a month, and the date of an instant in a time zone (through
 * `Intl`, so daylight saving time follows the zone's rules).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar date as `YYYY-MM-DD`. */
export type CalendarDate = string;

function dayNumber(date: CalendarDate): number {
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS;
}

function fromDayNumber(day: number): CalendarDate {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** A calendar date from its parts (`month` 1–12). */
export function calendarDate(year: number, month: number, day: number): CalendarDate {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/** `date` moved by `days` days (negative: earlier). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromDayNumber(dayNumber(date) + days);
}

/** The ISO weekday of `date`: 1 (Monday) to 7 (Sunday). */
export function isoWeekday(date: CalendarDate): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** Whether `date` is a Saturday or a Sunday. */
export function isWeekend(date: CalendarDate): boolean {
  return isoWeekday(date) >= 6;
}

/** The number of days of `month` (1–12) of `year`. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The `nth` (1 = first) ISO `weekday` (1 Monday … 7 Sunday) of `month` (1–12) of `year`. */
export function nthWeekday(year: number, month: number, weekday: number, nth: number): CalendarDate {
  const first = calendarDate(year, month, 1);
  return addDays(first, ((weekday - isoWeekday(first) + 7) % 7) + (nth - 1) * 7);
}

/** The last ISO `weekday` (1 Monday … 7 Sunday) of `month` (1–12) of `year`. */
export function lastWeekday(year: number, month: number, weekday: number): CalendarDate {
  const last = calendarDate(year, month, daysInMonth(year, month));
  return addDays(last, -((isoWeekday(last) - weekday + 7) % 7));
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date in `timeZone` (an IANA name, e.g. `America/New_York`) at the instant `at`. */
export function dateInZone(at: Date, timeZone: string): CalendarDate {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, format);
  }
  return format.format(at);
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** How far `timeZone`'s wall clock is ahead of UTC at the instant `at`, in minutes (New York in winter: -300). */
function zoneOffsetMinutes(at: Date, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  const name = format.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) {
    return 0;
  }
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * The instant at which the wall clock of `timeZone` reads `time` (`HH:MM`) on `date`. For a
 * wall time that a daylight-saving change skips or repeats, the offset in force before the change
 * decides (the banking windows this serves are never at such a time).
 */
export function zonedTime(date: CalendarDate, time: string, timeZone: string): Date {
  const asUtc = Date.parse(`${date}T${time}:00.000Z`);
  const offset = zoneOffsetMinutes(new Date(asUtc), timeZone);
  const guess = asUtc - offset * 60_000;
  const corrected = zoneOffsetMinutes(new Date(guess), timeZone);
  return new Date(asUtc - corrected * 60_000);
}
