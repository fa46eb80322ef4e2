import { describe, expect, it } from 'vitest';
import { datesNearing } from '../src/rules/example-dates-ahead.js';
import { lintSpecCopy } from './lint-spec-copy.js';

describe('datesNearing', () => {
  it.each([
    ['a date less than a year ahead', { schedule: { start_date: '2027-06-01' } }, ['schedule.start_date']],
    ['a date-time less than a year ahead', { items: [{ at: '2026-12-01T00:00:00Z' }] }, ['items[0].at']],
    ['today itself', { start_date: '2026-11-20' }, ['start_date']],
    ['a date a year ahead or more', { start_date: '2027-11-20' }, []],
    ['a past date (a window that is meant to be past)', { start_date: '2026-10-01' }, []],
    ['text that only starts with digits', { reference: '2026-11-21 invoice', id: 'INV-2026-11-21' }, []],
  ])('%s', (_name, value, paths) => {
    expect(datesNearing(value, '2026-11-20').map((found) => found.path)).toEqual(paths);
  });
});

describe('svc/example-dates-ahead in the lint of the spec', () => {
  it('warns, naming the operation, example, field and date, a year before a standing order starts', async () => {
    // The weekly standing order's example starts on 2032-03-05.
    const problems = await lintSpecCopy({}, '2031-06-01');
    expect(problems).toContainEqual({
      ruleId: 'svc/example-dates-ahead',
      file: 'paths/payment_initiation@payment@create.yaml',
      message:
        'paymentInitiationPaymentCreate (POST /payment_initiation/payment/create): request example "weeklyStandingOrder" has schedule.start_date 2032-03-05, less than a year after today (2031-06-01); move it further ahead so the samples that send it keep working.',
    });
    expect(problems.every((problem) => problem.ruleId === 'svc/example-dates-ahead')).toBe(true);
  });

  it('says nothing while every example date is more than a year ahead', async () => {
    expect(await lintSpecCopy({}, '2030-12-31')).toEqual([]);
  });
});
