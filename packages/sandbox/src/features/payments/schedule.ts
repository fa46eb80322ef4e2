/**
 * Standing-order schedules: the execution days a schedule names, the date each payment is sent
 * (the execution day, or the next UK working day when it falls on a weekend or bank holiday), and
 * the rules a new schedule must meet.
 */
import { addDays, type CalendarDate, calendarDate, daysInMonth, isoWeekday, nextUkWorkingDay } from './uk-calendar.js';

/** The schedule of a standing order, as the API carries it. */
export interface Schedule {
  interval: 'WEEKLY' | 'MONTHLY';
  /** `WEEKLY`: 1 (Monday) to 7 (Sunday); `MONTHLY`: 1 to 28, or -1 for the last day of the month. */
  interval_execution_day: number;
  start_date: CalendarDate;
  end_date?: CalendarDate | null;
}

/** A payment of a standing order: the day the schedule names and the day it is sent. */
export interface ScheduledPayment {
  executionDay: CalendarDate;
  sendDate: CalendarDate;
}

/** What is wrong with a schedule: the field and a message naming the values. */
export interface ScheduleProblem {
  field: string;
  message: string;
}

/** The largest shift of a payment day to the next working day (Easter: Friday to Tuesday), with room. */
const LONGEST_SHIFT_DAYS = 14;

function monthlyDay(schedule: Schedule, year: number, month: number): CalendarDate {
  const day = schedule.interval_execution_day === -1 ? daysInMonth(year, month) : schedule.interval_execution_day;
  return calendarDate(year, month, day);
}

/** The first execution day of `schedule` on or after `from` (ignoring start and end dates). */
export function executionDayOnOrAfter(schedule: Schedule, from: CalendarDate): CalendarDate {
  if (schedule.interval === 'WEEKLY') {
    return addDays(from, (schedule.interval_execution_day - isoWeekday(from) + 7) % 7);
  }
  const year = Number(from.slice(0, 4));
  const month = Number(from.slice(5, 7));
  const candidate = monthlyDay(schedule, year, month);
  return candidate >= from ? candidate : monthlyDay(schedule, month === 12 ? year + 1 : year, (month % 12) + 1);
}

/**
 * The payments of `schedule` from its first execution day on or after `from` (default: its
 * `start_date`), in order, up to its `end_date`; at most `limit` of them.
 */
export function scheduledPayments(schedule: Schedule, limit: number, from?: CalendarDate): ScheduledPayment[] {
  const payments: ScheduledPayment[] = [];
  let day = executionDayOnOrAfter(schedule, from && from > schedule.start_date ? from : schedule.start_date);
  while (payments.length < limit && (!schedule.end_date || day <= schedule.end_date)) {
    payments.push({ executionDay: day, sendDate: nextUkWorkingDay(day) });
    day = executionDayOnOrAfter(schedule, addDays(day, 1));
  }
  return payments;
}

/**
 * The date the next payment of `schedule` is sent, `today` or later: the first payment whose
 * send date (after the working-day move) is not before `today`. Undefined when none is left.
 */
export function nextPaymentDate(schedule: Schedule, today: CalendarDate): CalendarDate | undefined {
  // Payments sent today or later have execution days at most LONGEST_SHIFT_DAYS before today,
  // and few execution days fall in that window (three weekly ones at most).
  const candidates = scheduledPayments(schedule, 8, addDays(today, -LONGEST_SHIFT_DAYS));
  return candidates.find((payment) => payment.sendDate >= today)?.sendDate;
}

/**
 * The first rule a new schedule breaks, or undefined: the execution day's range for its interval,
 * `start_date` not before `today` (UK calendar), `end_date` not before `start_date`, and at least
 * one payment between them.
 */
export function scheduleProblem(schedule: Schedule, today: CalendarDate): ScheduleProblem | undefined {
  const day = schedule.interval_execution_day;
  if (schedule.interval === 'WEEKLY' && !(day >= 1 && day <= 7)) {
    return {
      field: 'schedule.interval_execution_day',
      message: `must be 1 to 7 for a WEEKLY interval, got ${day}`,
    };
  }
  if (schedule.interval === 'MONTHLY' && !((day >= 1 && day <= 28) || day === -1)) {
    return {
      field: 'schedule.interval_execution_day',
      message: `must be 1 to 28 or -1 for a MONTHLY interval, got ${day}`,
    };
  }
  if (schedule.start_date < today) {
    return {
      field: 'schedule.start_date',
      message: `${schedule.start_date} is in the past: today is ${today} in the UK`,
    };
  }
  if (schedule.end_date && schedule.end_date < schedule.start_date) {
    return {
      field: 'schedule.end_date',
      message: `${schedule.end_date} is before schedule.start_date ${schedule.start_date}`,
    };
  }
  const first = executionDayOnOrAfter(schedule, schedule.start_date);
  if (schedule.end_date && first > schedule.end_date) {
    return {
      field: 'schedule.end_date',
      message: `${schedule.end_date} is before the first payment day on or after schedule.start_date (${first}): the standing order would make no payment`,
    };
  }
  return undefined;
}
