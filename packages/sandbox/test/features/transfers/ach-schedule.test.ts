import { describe, expect, it, vi } from 'vitest';
import { nextAchWindow, settlementTime } from '../../../src/features/transfers/ach-schedule.js';

describe('the next FedACH same-day window (10:30, 14:45, 16:45 Eastern Time, US banking days)', () => {
  it.each([
    ['2026-11-06T23:00:00.000Z', '2026-11-09T15:30:00.000Z', 'Friday 18:00 EST → Monday 10:30 EST'],
    ['2028-06-30T22:00:00.000Z', '2028-07-03T14:30:00.000Z', 'Friday 18:00 EDT → Monday 10:30 EDT'],
    ['2026-11-09T15:29:59.999Z', '2026-11-09T15:30:00.000Z', 'just before the first deadline'],
    ['2026-11-09T15:30:00.000Z', '2026-11-09T19:45:00.000Z', 'at a deadline: the next one'],
    ['2026-11-09T20:00:00.000Z', '2026-11-09T21:45:00.000Z', '15:00 EST → 16:45 EST'],
    ['2026-11-09T21:45:00.001Z', '2026-11-10T15:30:00.000Z', 'after the last deadline → the next day'],
    ['2026-11-10T22:00:00.000Z', '2026-11-12T15:30:00.000Z', 'over Veterans Day'],
    ['2026-11-09T03:00:00.000Z', '2026-11-09T15:30:00.000Z', 'Sunday 22:00 EST (Monday in UTC) → Monday 10:30'],
    ['2026-03-06T23:00:00.000Z', '2026-03-09T14:30:00.000Z', 'over the start of daylight saving time'],
    ['2026-10-30T23:00:00.000Z', '2026-11-02T15:30:00.000Z', 'over the end of daylight saving time'],
  ])('created %s → posted %s (%s)', (created, posted) => {
    expect(nextAchWindow(new Date(created)).toISOString()).toBe(posted);
  });
});

describe('settlement one US banking day after posting, at the same Eastern time', () => {
  it.each([
    ['2026-11-09T15:30:00.000Z', '2026-11-10T15:30:00.000Z', 'Monday → Tuesday'],
    ['2028-07-03T14:30:00.000Z', '2028-07-05T14:30:00.000Z', 'over Independence Day'],
    ['2026-11-25T21:45:00.000Z', '2026-11-27T21:45:00.000Z', 'over Thanksgiving'],
    ['2026-11-06T21:45:00.000Z', '2026-11-09T21:45:00.000Z', 'Friday → Monday'],
    ['2026-03-06T15:30:00.000Z', '2026-03-09T14:30:00.000Z', 'over the start of daylight saving time'],
  ])('posted %s → settled %s (%s)', (posted, settled) => {
    expect(settlementTime(new Date(posted)).toISOString()).toBe(settled);
  });
});

describe('the windows of a day, worked out once', () => {
  it('asks Intl for no zone offset again for a second transfer of the same day', () => {
    const formatToParts = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    try {
      expect(nextAchWindow(new Date('2031-04-14T13:00:00.000Z')).toISOString()).toBe('2031-04-14T14:30:00.000Z');
      const first = formatToParts.mock.calls.length;
      expect(first).toBeGreaterThan(0);
      expect(nextAchWindow(new Date('2031-04-14T15:00:00.000Z')).toISOString()).toBe('2031-04-14T18:45:00.000Z');
      expect(formatToParts.mock.calls.length).toBe(first);
    } finally {
      formatToParts.mockRestore();
    }
  });

  it('asks Intl nothing for a later instant before the window it was last given', () => {
    // `format` is a getter (of a bound function): each call reads it.
    const format = vi.spyOn(Intl.DateTimeFormat.prototype as unknown as { readonly format: object }, 'format', 'get');
    const formatToParts = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    try {
      expect(nextAchWindow(new Date('2031-04-16T13:00:00.000Z')).toISOString()).toBe('2031-04-16T14:30:00.000Z');
      const asked = format.mock.calls.length + formatToParts.mock.calls.length;
      expect(nextAchWindow(new Date('2031-04-16T14:29:59.999Z')).toISOString()).toBe('2031-04-16T14:30:00.000Z');
      expect(format.mock.calls.length + formatToParts.mock.calls.length).toBe(asked);
      const formats = format.mock.calls.length;
      // At the window itself, and before the instant last asked for: worked out again.
      expect(nextAchWindow(new Date('2031-04-16T14:30:00.000Z')).toISOString()).toBe('2031-04-16T18:45:00.000Z');
      expect(nextAchWindow(new Date('2031-04-16T12:00:00.000Z')).toISOString()).toBe('2031-04-16T14:30:00.000Z');
      expect(format.mock.calls.length).toBeGreaterThan(formats);
    } finally {
      format.mockRestore();
      formatToParts.mockRestore();
    }
  });

  it('hands each caller a Date of its own', () => {
    const at = new Date('2031-04-15T13:00:00.000Z');
    const first = nextAchWindow(at);
    first.setTime(0);
    expect(nextAchWindow(at).toISOString()).toBe('2031-04-15T14:30:00.000Z');
  });
});
