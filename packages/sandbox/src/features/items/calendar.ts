/**
 * Calendar dates (`YYYY-MM-DD`, UTC) for generated account data. Every Item's history is anchored
 * on the day it was created, so the same Item shows the same dates on every call.
 */

/** The UTC calendar date of a timestamp: `2026-11-20T14:15:22.000Z` → `2026-11-20`. */
export function isoDate(at: Date | string): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** `date` moved by `days` days (negative: earlier): the engine's calendar arithmetic. */
export { addDays } from '../../engine/index.js';

/** The first day of the month of `date`, moved by `months` months. */
export function firstOfMonth(date: string, months = 0): string {
  const day = new Date(`${date}T00:00:00Z`);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + months, 1)).toISOString().slice(0, 10);
}

/** The latest of `dates` (`YYYY-MM-DD` dates sort as text). */
export function latestDate(first: string, ...others: string[]): string {
  return [first, ...others].sort().at(-1) ?? first;
}
