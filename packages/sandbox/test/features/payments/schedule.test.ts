import { describe, expect, it } from 'vitest';
import {
  nextPaymentDate,
  type Schedule,
  scheduledPayments,
  scheduleProblem,
} from '../../../src/features/payments/schedule.js';

const monthly = (day: number, start: string, end: string | null = null): Schedule => ({
  interval: 'MONTHLY',
  interval_execution_day: day,
  start_date: start,
  end_date: end,
});
const weekly = (day: number, start: string, end: string | null = null): Schedule => ({
  interval: 'WEEKLY',
  interval_execution_day: day,
  start_date: start,
  end_date: end,
});

describe('scheduled payments: execution days, and send dates on UK working days', () => {
  it('sends a monthly payment on the 25th of December 2026 on the 29th (Christmas, weekend, Boxing Day substitute)', () => {
    expect(scheduledPayments(monthly(25, '2026-12-01'), 2)).toEqual([
      { executionDay: '2026-12-25', sendDate: '2026-12-29' },
      { executionDay: '2027-01-25', sendDate: '2027-01-25' },
    ]);
  });

  it('uses the last day of the month for -1, moved off a Sunday', () => {
    expect(scheduledPayments(monthly(-1, '2027-01-15'), 3)).toEqual([
      { executionDay: '2027-01-31', sendDate: '2027-02-01' },
      { executionDay: '2027-02-28', sendDate: '2027-03-01' },
      { executionDay: '2027-03-31', sendDate: '2027-03-31' },
    ]);
  });

  it('moves a weekly Saturday payment to Monday', () => {
    expect(scheduledPayments(weekly(6, '2026-11-23'), 2)).toEqual([
      { executionDay: '2026-11-28', sendDate: '2026-11-30' },
      { executionDay: '2026-12-05', sendDate: '2026-12-07' },
    ]);
  });

  it('moves a payment on Good Friday past Easter Monday', () => {
    expect(scheduledPayments(monthly(3, '2026-04-01'), 1)).toEqual([
      { executionDay: '2026-04-03', sendDate: '2026-04-07' },
    ]);
  });

  it('stops at end_date', () => {
    expect(scheduledPayments(weekly(1, '2026-11-23', '2026-12-07'), 10).map((payment) => payment.executionDay)).toEqual(
      ['2026-11-23', '2026-11-30', '2026-12-07'],
    );
  });
});

describe('the next payment date of a standing order', () => {
  it.each([
    ['before the first payment', monthly(1, '2026-12-01', '2027-11-30'), '2026-11-02', '2026-12-01'],
    ['a Saturday payment day gives Monday', weekly(6, '2026-11-23'), '2026-11-23', '2026-11-30'],
    ['on the Monday a Saturday payment is sent', weekly(6, '2026-11-23'), '2026-11-30', '2026-11-30'],
    ['the day after, the next week', weekly(6, '2026-11-23'), '2026-12-01', '2026-12-07'],
    ['across Christmas', monthly(25, '2026-12-01'), '2026-12-26', '2026-12-29'],
  ])('%s', (_name, schedule, today, expected) => {
    expect(nextPaymentDate(schedule, today)).toBe(expected);
  });

  it('is undefined once the schedule has no payment left', () => {
    expect(nextPaymentDate(monthly(1, '2026-12-01', '2027-01-31'), '2027-02-02')).toBeUndefined();
  });
});

describe('rules of a new schedule', () => {
  const today = '2026-11-02';
  it.each([
    [weekly(8, '2026-12-01'), 'schedule.interval_execution_day', 'must be 1 to 7 for a WEEKLY interval, got 8'],
    [
      monthly(29, '2026-12-01'),
      'schedule.interval_execution_day',
      'must be 1 to 28 or -1 for a MONTHLY interval, got 29',
    ],
    [monthly(0, '2026-12-01'), 'schedule.interval_execution_day', 'got 0'],
    [monthly(1, '2026-11-01'), 'schedule.start_date', '2026-11-01 is in the past: today is 2026-11-02 in the UK'],
    [
      monthly(1, '2026-12-01', '2026-11-30'),
      'schedule.end_date',
      '2026-11-30 is before schedule.start_date 2026-12-01',
    ],
    [
      monthly(15, '2026-12-01', '2026-12-10'),
      'schedule.end_date',
      'before the first payment day on or after schedule.start_date (2026-12-15)',
    ],
    [weekly(1, '2026-12-01', '2026-12-06'), 'schedule.end_date', '(2026-12-07)'],
  ])('refuses %j', (schedule, field, message) => {
    const problem = scheduleProblem(schedule, today);
    expect(problem?.field).toBe(field);
    expect(problem?.message).toContain(message);
  });

  it.each([
    monthly(1, '2026-11-02'),
    monthly(-1, '2026-12-01', '2026-12-31'),
    weekly(7, '2026-11-29', '2026-11-29'),
    weekly(5, '2026-11-27'),
  ])('accepts %j', (schedule) => {
    expect(scheduleProblem(schedule, today)).toBeUndefined();
  });
});
