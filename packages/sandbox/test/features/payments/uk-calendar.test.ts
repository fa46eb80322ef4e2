import { describe, expect, it } from 'vitest';
import {
  easterSunday,
  isUkWorkingDay,
  nextUkWorkingDay,
  ukBankHolidays,
  ukDate,
} from '../../../src/features/payments/uk-calendar.js';

describe('Easter Sunday (Gregorian computus)', () => {
  it.each([
    [1943, '1943-04-25'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
    [2285, '2285-03-22'],
  ])('%i → %s', (year, date) => {
    expect(easterSunday(year)).toBe(date);
  });
});

describe('bank holidays of England and Wales, computed', () => {
  it.each([
    [
      2020,
      ['2020-01-01', '2020-04-10', '2020-04-13', '2020-05-08', '2020-05-25', '2020-08-31', '2020-12-25', '2020-12-28'],
    ],
    [
      2022,
      [
        '2022-01-03',
        '2022-04-15',
        '2022-04-18',
        '2022-05-02',
        '2022-06-02',
        '2022-06-03',
        '2022-08-29',
        '2022-09-19',
        '2022-12-26',
        '2022-12-27',
      ],
    ],
    [
      2023,
      [
        '2023-01-02',
        '2023-04-07',
        '2023-04-10',
        '2023-05-01',
        '2023-05-08',
        '2023-05-29',
        '2023-08-28',
        '2023-12-25',
        '2023-12-26',
      ],
    ],
    [
      2025,
      ['2025-01-01', '2025-04-18', '2025-04-21', '2025-05-05', '2025-05-26', '2025-08-25', '2025-12-25', '2025-12-26'],
    ],
    [
      2026,
      ['2026-01-01', '2026-04-03', '2026-04-06', '2026-05-04', '2026-05-25', '2026-08-31', '2026-12-25', '2026-12-28'],
    ],
    [
      2027,
      ['2027-01-01', '2027-03-26', '2027-03-29', '2027-05-03', '2027-05-31', '2027-08-30', '2027-12-27', '2027-12-28'],
    ],
    [
      2028,
      ['2028-01-03', '2028-04-14', '2028-04-17', '2028-05-01', '2028-05-29', '2028-08-28', '2028-12-25', '2028-12-26'],
    ],
  ])('%i', (year, holidays) => {
    expect(ukBankHolidays(year)).toEqual(holidays);
  });

  it('always has eight holidays in a year without proclamations', () => {
    for (let year = 2030; year <= 2100; year++) {
      expect(ukBankHolidays(year), String(year)).toHaveLength(8);
    }
  });
});

describe('working days and the move to the next working day', () => {
  it.each([
    ['2026-11-20', '2026-11-20', 'a Friday stays'],
    ['2026-11-21', '2026-11-23', 'Saturday → Monday'],
    ['2026-11-22', '2026-11-23', 'Sunday → Monday'],
    ['2026-12-25', '2026-12-29', 'Christmas Friday → Tuesday after the Boxing Day substitute'],
    ['2026-04-03', '2026-04-07', 'Good Friday → Tuesday after Easter Monday'],
    ['2026-08-31', '2026-09-01', 'summer bank holiday → Tuesday'],
    ['2027-12-25', '2027-12-29', 'Christmas Saturday → Wednesday after both substitutes'],
    ['2027-12-31', '2027-12-31', 'New Year’s Eve Friday stays'],
  ])('%s → %s (%s)', (date, expected) => {
    expect(nextUkWorkingDay(date)).toBe(expected);
  });

  it('tells working days from weekends and bank holidays', () => {
    expect(isUkWorkingDay('2026-12-24')).toBe(true);
    expect(isUkWorkingDay('2026-12-28')).toBe(false);
    expect(isUkWorkingDay('2026-11-22')).toBe(false);
  });
});

describe('the UK date of an instant', () => {
  it('follows Europe/London, including summer time', () => {
    expect(ukDate(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(ukDate(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
  });
});
