/**
 * The dates the `standingOrderAfterWeekend` workflow takes: a Saturday at least three days after
 * `today` (the flows before it move the clock about a day), the Monday its payment is sent, a
 * time on the Tuesday, and the Monday after the next Saturday. Saturdays whose Mondays may be a
 * UK bank holiday (Easter, May, late August, Christmas and New Year) are skipped, so each
 * payment is sent on the Monday.
 */

const DAY_MS = 86_400_000;

/** Month-day ranges (inclusive, `MM-DD`) that hold every Monday a UK bank holiday can fall on. */
const HOLIDAY_SEASONS: [from: string, to: string][] = [
  ['01-01', '01-04'],
  ['03-22', '04-27'],
  ['05-01', '05-07'],
  ['05-25', '05-31'],
  ['08-25', '08-31'],
  ['12-24', '12-31'],
];

function date(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function mayBeHoliday(day: string): boolean {
  const monthDay = day.slice(5);
  return HOLIDAY_SEASONS.some(([from, to]) => monthDay >= from && monthDay <= to);
}

/** The workflow's date inputs for a clock that reads `today`. */
export function standingOrderDates(today: Date): Record<string, string> {
  let saturday = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 3);
  while (new Date(saturday).getUTCDay() !== 6) {
    saturday += DAY_MS;
  }
  while (mayBeHoliday(date(saturday + 2 * DAY_MS)) || mayBeHoliday(date(saturday + 9 * DAY_MS))) {
    saturday += 7 * DAY_MS;
  }
  return {
    saturday: date(saturday),
    firstPaymentDate: date(saturday + 2 * DAY_MS),
    afterFirstPayment: `${date(saturday + 3 * DAY_MS)}T09:00:00Z`,
    secondPaymentDate: date(saturday + 9 * DAY_MS),
  };
}
