/**
 * US banking days, the calendar the ACH network settles on: Monday to Friday except the holidays
 * the Federal Reserve Banks close for, computed from their rules for any year. The Federal Reserve
 * observes a holiday that falls on a Sunday on the Monday after; one that falls on a Saturday is
 * not moved (the Reserve Banks are open on the Friday before). Juneteenth (19 June) is a holiday
 * from 2022, the first year the Reserve Banks closed for it. Dates are calendar dates `YYYY-MM-DD`.
 */
import {
  addDays,
  type CalendarDate,
  calendarDate,
  isoWeekday,
  isWeekend,
  lastWeekday,
  nthWeekday,
} from '../../engine/index.js';

const MONDAY = 1;
const THURSDAY = 4;
const SUNDAY = 7;

/** A fixed-date holiday as the Federal Reserve observes it: on the Monday after when it falls on a Sunday. */
function observed(date: CalendarDate): CalendarDate {
  return isoWeekday(date) === SUNDAY ? addDays(date, 1) : date;
}

/** The Federal Reserve holidays of `year` that fall on weekdays, as observed, in date order. */
export function federalReserveHolidays(year: number): CalendarDate[] {
  const days = [
    observed(calendarDate(year, 1, 1)), // New Year's Day
    nthWeekday(year, 1, MONDAY, 3), // Birthday of Martin Luther King, Jr.
    nthWeekday(year, 2, MONDAY, 3), // Washington's Birthday
    lastWeekday(year, 5, MONDAY), // Memorial Day
    ...(year >= 2022 ? [observed(calendarDate(year, 6, 19))] : []), // Juneteenth National Independence Day
    observed(calendarDate(year, 7, 4)), // Independence Day
    nthWeekday(year, 9, MONDAY, 1), // Labor Day
    nthWeekday(year, 10, MONDAY, 2), // Columbus Day
    observed(calendarDate(year, 11, 11)), // Veterans Day
    nthWeekday(year, 11, THURSDAY, 4), // Thanksgiving Day
    observed(calendarDate(year, 12, 25)), // Christmas Day
  ];
  return days.filter((day) => !isWeekend(day)).sort();
}

const holidaysByYear = new Map<number, ReadonlySet<CalendarDate>>();

/** Whether `date` is a US banking day: Monday to Friday and not a Federal Reserve holiday. */
export function isUsBankingDay(date: CalendarDate): boolean {
  if (isWeekend(date)) {
    return false;
  }
  const year = Number(date.slice(0, 4));
  let holidays = holidaysByYear.get(year);
  if (!holidays) {
    holidays = new Set(federalReserveHolidays(year));
    holidaysByYear.set(year, holidays);
  }
  return !holidays.has(date);
}

/** The first US banking day after `date` (never `date` itself). */
export function nextUsBankingDay(date: CalendarDate): CalendarDate {
  let day = addDays(date, 1);
  while (!isUsBankingDay(day)) {
    day = addDays(day, 1);
  }
  return day;
}
