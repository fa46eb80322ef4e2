/**
 * The UK working-day calendar of payments: Monday to Friday except the bank holidays of England
 * and Wales, the calendar the UK payment systems (Bacs, Faster Payments) follow. Bank holidays are
 * computed from their rules for any year (Easter-based days, Mondays of May and August, fixed days
 * with substitute weekdays), plus the one-off days proclaimed since 1995. Dates are calendar dates
 * `YYYY-MM-DD` (the engine's `calendar-date.ts`, whose helpers payments use through this module).
 */
import {
  addDays,
  type CalendarDate,
  calendarDate,
  dateInZone,
  isWeekend,
  lastWeekday,
  nthWeekday,
} from '../../engine/index.js';

export { addDays, type CalendarDate, calendarDate, daysInMonth, isoWeekday } from '../../engine/index.js';

/** Moves by royal proclamation of a rule-based holiday: the rule's date → the day observed. */
const MOVED_HOLIDAYS: Readonly<Record<CalendarDate, CalendarDate>> = {
  '1995-05-01': '1995-05-08', // early May bank holiday, 50th anniversary of VE Day
  '2002-05-27': '2002-06-04', // spring bank holiday, Golden Jubilee
  '2012-05-28': '2012-06-04', // spring bank holiday, Diamond Jubilee
  '2020-05-04': '2020-05-08', // early May bank holiday, 75th anniversary of VE Day
  '2022-05-30': '2022-06-02', // spring bank holiday, Platinum Jubilee
};

/** Extra one-off bank holidays proclaimed for a single year. */
const ONE_OFF_HOLIDAYS: readonly CalendarDate[] = [
  '1999-12-31', // millennium
  '2002-06-03', // Golden Jubilee
  '2011-04-29', // royal wedding
  '2012-06-05', // Diamond Jubilee
  '2022-06-03', // Platinum Jubilee
  '2022-09-19', // state funeral of Queen Elizabeth II
  '2023-05-08', // coronation of King Charles III
];

/** Easter Sunday of `year` in the Gregorian calendar (anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): CalendarDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return calendarDate(year, month, day);
}

function firstMonday(year: number, month: number): CalendarDate {
  return nthWeekday(year, month, 1, 1);
}

function lastMonday(year: number, month: number): CalendarDate {
  return lastWeekday(year, month, 1);
}

/**
 * Fixed-date holidays (New Year's Day, Christmas Day, Boxing Day): each one on a weekend is
 * observed on the next weekday that is not already a holiday (a substitute day).
 */
function withSubstitutes(days: readonly CalendarDate[]): CalendarDate[] {
  const observed = days.filter((day) => !isWeekend(day));
  for (const day of days.filter(isWeekend)) {
    let substitute = addDays(day, 1);
    while (isWeekend(substitute) || observed.includes(substitute)) {
      substitute = addDays(substitute, 1);
    }
    observed.push(substitute);
  }
  return observed;
}

/** The bank holidays of England and Wales in `year`, in date order. */
export function ukBankHolidays(year: number): CalendarDate[] {
  const easter = easterSunday(year);
  const ruleBased = [
    addDays(easter, -2), // Good Friday
    addDays(easter, 1), // Easter Monday
    firstMonday(year, 5), // early May bank holiday
    lastMonday(year, 5), // spring bank holiday
    lastMonday(year, 8), // summer bank holiday
  ].map((day) => MOVED_HOLIDAYS[day] ?? day);
  const fixed = [
    ...withSubstitutes([calendarDate(year, 1, 1)]),
    ...withSubstitutes([calendarDate(year, 12, 25), calendarDate(year, 12, 26)]),
  ];
  const oneOff = ONE_OFF_HOLIDAYS.filter((day) => day.startsWith(`${year}-`));
  return [...new Set([...ruleBased, ...fixed, ...oneOff])].sort();
}

const holidaysByYear = new Map<number, ReadonlySet<CalendarDate>>();

/** Whether `date` is a bank holiday of England and Wales. */
export function isUkBankHoliday(date: CalendarDate): boolean {
  const year = Number(date.slice(0, 4));
  let holidays = holidaysByYear.get(year);
  if (!holidays) {
    holidays = new Set(ukBankHolidays(year));
    holidaysByYear.set(year, holidays);
  }
  return holidays.has(date);
}

/** Whether payments are sent on `date`: Monday to Friday and not a UK bank holiday. */
export function isUkWorkingDay(date: CalendarDate): boolean {
  return !isWeekend(date) && !isUkBankHoliday(date);
}

/** `date` itself when it is a working day, otherwise the next working day. */
export function nextUkWorkingDay(date: CalendarDate): CalendarDate {
  let day = date;
  while (!isUkWorkingDay(day)) {
    day = addDays(day, 1);
  }
  return day;
}

/** The UK calendar date (Europe/London) at the instant `now`. */
export function ukDate(now: Date): CalendarDate {
  return dateInZone(now, 'Europe/London');
}
