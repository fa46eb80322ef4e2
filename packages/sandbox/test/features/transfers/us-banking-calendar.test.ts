import { describe, expect, it } from 'vitest';
import {
  federalReserveHolidays,
  isUsBankingDay,
  nextUsBankingDay,
} from '../../../src/features/transfers/us-banking-calendar.js';

describe('Federal Reserve holidays, computed', () => {
  it.each([
    // 2021: no Juneteenth yet; Independence Day on a Sunday → Monday; Christmas on a Saturday → none.
    [
      2021,
      [
        '2021-01-01',
        '2021-01-18',
        '2021-02-15',
        '2021-05-31',
        '2021-07-05',
        '2021-09-06',
        '2021-10-11',
        '2021-11-11',
        '2021-11-25',
      ],
    ],
    // 2026: Independence Day on a Saturday is not moved to Friday.
    [
      2026,
      [
        '2026-01-01',
        '2026-01-19',
        '2026-02-16',
        '2026-05-25',
        '2026-06-19',
        '2026-09-07',
        '2026-10-12',
        '2026-11-11',
        '2026-11-26',
        '2026-12-25',
      ],
    ],
    // 2027: Juneteenth and Christmas on Saturdays; Independence Day on a Sunday → Monday.
    [
      2027,
      [
        '2027-01-01',
        '2027-01-18',
        '2027-02-15',
        '2027-05-31',
        '2027-07-05',
        '2027-09-06',
        '2027-10-11',
        '2027-11-11',
        '2027-11-25',
      ],
    ],
    // 2028: New Year's Day and Veterans Day on Saturdays; Independence Day on a Tuesday.
    [
      2028,
      [
        '2028-01-17',
        '2028-02-21',
        '2028-05-29',
        '2028-06-19',
        '2028-07-04',
        '2028-09-04',
        '2028-10-09',
        '2028-11-23',
        '2028-12-25',
      ],
    ],
    // 2023: New Year's Day on a Sunday → Monday 2 January.
    [
      2023,
      [
        '2023-01-02',
        '2023-01-16',
        '2023-02-20',
        '2023-05-29',
        '2023-06-19',
        '2023-07-04',
        '2023-09-04',
        '2023-10-09',
        '2023-11-23',
        '2023-12-25',
      ],
    ],
  ])('%i', (year, holidays) => {
    expect(federalReserveHolidays(year)).toEqual(holidays);
  });
});

describe('US banking days', () => {
  it.each([
    ['2026-11-06', true, 'a Friday'],
    ['2026-11-07', false, 'a Saturday'],
    ['2026-11-08', false, 'a Sunday'],
    ['2026-11-11', false, 'Veterans Day'],
    ['2026-07-03', true, 'the Friday before Independence Day on a Saturday'],
    ['2028-07-04', false, 'Independence Day'],
    ['2023-11-10', true, 'the Friday before Veterans Day on a Saturday'],
  ])('%s is a banking day: %s (%s)', (date, banking) => {
    expect(isUsBankingDay(date)).toBe(banking);
  });

  it.each([
    ['2026-11-06', '2026-11-09', 'Friday → Monday'],
    ['2026-11-10', '2026-11-12', 'over Veterans Day'],
    ['2026-11-25', '2026-11-27', 'over Thanksgiving'],
    ['2028-07-03', '2028-07-05', 'over Independence Day'],
    ['2026-12-24', '2026-12-28', 'over Christmas and a weekend'],
    ['2026-12-31', '2027-01-04', 'over New Year and a weekend'],
  ])('the banking day after %s is %s (%s)', (date, next) => {
    expect(nextUsBankingDay(date)).toBe(next);
  });
});
