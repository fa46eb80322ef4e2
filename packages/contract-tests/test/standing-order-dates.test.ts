import { describe, expect, it } from 'vitest';
import { standingOrderDates } from './support/standing-order-dates.js';

const DAY_MS = 86_400_000;
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

describe('standingOrderDates', () => {
  it.each([
    '2026-11-25T23:00:00Z', // a Wednesday
    '2026-11-28T10:00:00Z', // a Saturday
    '2026-12-17T10:00:00Z', // Christmas ahead: skipped
    '2027-03-20T10:00:00Z', // Easter ahead: skipped
    '2027-08-21T10:00:00Z', // the August bank holiday ahead: skipped
  ])('gives a Saturday at least three days after %s, sent on the Mondays after', (today) => {
    const dates = standingOrderDates(new Date(today));
    expect(weekday(dates.saturday as string)).toBe(6);
    expect(Date.parse(dates.saturday as string) - Date.parse(today.slice(0, 10))).toBeGreaterThanOrEqual(3 * DAY_MS);
    expect(weekday(dates.firstPaymentDate as string)).toBe(1);
    expect(weekday(dates.secondPaymentDate as string)).toBe(1);
    expect(Date.parse(dates.secondPaymentDate as string) - Date.parse(dates.firstPaymentDate as string)).toBe(
      7 * DAY_MS,
    );
    expect(
      dates.afterFirstPayment?.startsWith(
        new Date(Date.parse(dates.firstPaymentDate as string) + DAY_MS).toISOString().slice(0, 10),
      ),
    ).toBe(true);
    for (const monday of [dates.firstPaymentDate, dates.secondPaymentDate]) {
      expect(['12-25', '12-26', '12-28', '01-01', '04-05', '05-31', '08-30']).not.toContain(monday?.slice(5));
    }
  });
});
