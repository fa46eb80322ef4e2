import { describe, expect, it } from 'vitest';
import { SandboxError } from '../../../src/engine/errors/sandbox-error.js';
import { checkDateRange, pageOf, pageRequest } from '../../../src/features/account-data/paging.js';
import { addDays, firstOfMonth, isoDate, latestDate } from '../../../src/features/items/index.js';

describe('calendar', () => {
  it.each([
    ['2026-11-02', -1, '2026-11-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2024-02-28', 1, '2024-02-29'],
  ])('%s moved by %i days is %s', (date, days, want) => {
    expect(addDays(date, days)).toBe(want);
  });

  it('finds first days of months, UTC dates and the latest date', () => {
    expect(firstOfMonth('2026-11-20')).toBe('2026-11-01');
    expect(firstOfMonth('2026-12-20', 1)).toBe('2027-01-01');
    expect(isoDate('2026-11-02T23:59:59.999Z')).toBe('2026-11-02');
    expect(latestDate('2026-11-02', '2026-11-20', '2026-10-01')).toBe('2026-11-20');
  });
});

describe('paging', () => {
  it('accepts a range whose start is on or before its end', () => {
    expect(() => checkDateRange('2026-11-01', '2026-11-01')).not.toThrow();
    expect(() => checkDateRange('2026-10-01', '2026-11-20')).not.toThrow();
  });

  it('refuses a start after the end with INVALID_FIELD naming both fields', () => {
    let thrown: unknown;
    try {
      checkDateRange('2026-11-20', '2026-10-01');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SandboxError);
    const init = (thrown as SandboxError).init;
    expect(init).toMatchObject({ type: 'INVALID_REQUEST', code: 'INVALID_FIELD' });
    expect(init.message).toBe('start_date (2026-11-20) must not be after end_date (2026-10-01)');
    expect(init.causes?.map((cause) => cause.field)).toEqual(['start_date', 'end_date']);
  });

  it('defaults to 100 from offset 0 and slices pages with the total', () => {
    expect(pageRequest(undefined)).toEqual({ count: 100, offset: 0 });
    expect(pageRequest({ count: 2 })).toEqual({ count: 2, offset: 0 });
    expect(pageOf([1, 2, 3, 4, 5], { count: 2, offset: 4 })).toEqual({ items: [5], total: 5 });
    expect(pageOf([1, 2, 3], { count: 2, offset: 3 })).toEqual({ items: [], total: 3 });
  });
});
