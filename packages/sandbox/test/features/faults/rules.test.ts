import { describe, expect, it } from 'vitest';
import { faultDraw, faultsNth, ruleConsiders, windowRefusal } from '../../../src/features/faults/rules.js';

const now = new Date('2026-11-20T14:30:00.000Z');

describe('fault rules', () => {
  it.each([
    ['every operation', { operations: null, startsAt: null, endsAt: null }, 'transferCreate', true],
    ['a listed operation', { operations: ['transferCreate'], startsAt: null, endsAt: null }, 'transferCreate', true],
    ['an unlisted operation', { operations: ['transferGet'], startsAt: null, endsAt: null }, 'transferCreate', false],
    [
      'a fault rule operation, even for every operation',
      { operations: null, startsAt: null, endsAt: null },
      'sandboxFaultRuleList',
      false,
    ],
    [
      'inside the window (start inclusive)',
      { operations: null, startsAt: now.toISOString(), endsAt: '2026-11-20T15:00:00.000Z' },
      'transferCreate',
      true,
    ],
    [
      'before the window',
      { operations: null, startsAt: '2026-11-20T14:30:00.001Z', endsAt: null },
      'transferCreate',
      false,
    ],
    [
      'at the end (end exclusive)',
      { operations: null, startsAt: null, endsAt: now.toISOString() },
      'transferCreate',
      false,
    ],
  ] as const)('considers %s: %s', (_name, scope, operation, expected) => {
    expect(ruleConsiders(scope, operation, now)).toBe(expected);
  });

  it('draws the same number for the same seed and n, and another for another seed or n', () => {
    expect(faultDraw(42, 7)).toBe(faultDraw(42, 7));
    expect(faultDraw(42, 7)).not.toBe(faultDraw(43, 7));
    expect(faultDraw(42, 7)).not.toBe(faultDraw(42, 8));
  });

  it('faults about the share of requests the probability says, always at 1 and never at 0', () => {
    const draws = Array.from({ length: 2000 }, (_, index) => index + 1);
    const faulted = draws.filter((n) => faultsNth(0.25, 9, n)).length;
    expect(faulted / draws.length).toBeGreaterThan(0.2);
    expect(faulted / draws.length).toBeLessThan(0.3);
    expect(draws.every((n) => faultsNth(1, 9, n))).toBe(true);
    expect(draws.some((n) => faultsNth(0, 9, n))).toBe(false);
  });

  it.each([
    [null, null, undefined],
    ['2026-11-20T14:00:00.000Z', null, undefined],
    ['2026-11-20T14:00:00.000Z', '2026-11-20T15:00:00.000Z', undefined],
    ['2026-11-20T14:00:00.000Z', '2026-11-20T14:00:00.000Z', 'is not after starts_at'],
    ['2026-11-20T15:00:00.000Z', '2026-11-20T14:00:00.000Z', 'is not after starts_at'],
  ])('checks the window %s..%s', (startsAt, endsAt, refusal) => {
    const reason = windowRefusal(startsAt, endsAt);
    if (refusal === undefined) {
      expect(reason).toBeUndefined();
    } else {
      expect(reason).toContain(refusal);
    }
  });
});
