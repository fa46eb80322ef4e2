import { describe, expect, it } from 'vitest';
import { balanceCents, formatCents, parseCents } from '../../../src/features/transfers/money.js';

describe('money in cents', () => {
  it.each([
    ['12.34', 1234],
    ['0.01', 1],
    ['999999999999.99', 99_999_999_999_999],
    ['-5.50', -550],
    ['0.00', 0],
  ])('parses %s as %i cents and formats it back', (text, cents) => {
    expect(parseCents(text)).toBe(cents);
    expect(formatCents(cents)).toBe(text);
  });

  it.each(['12.3', '12', '012.34', '1e3', ' 1.00', ''])('refuses %j', (text) => {
    expect(() => parseCents(text)).toThrow(RangeError);
  });

  it('refuses fractions of a cent when formatting', () => {
    expect(() => formatCents(1.5)).toThrow(RangeError);
  });

  it('turns balances in dollars into cents without float error', () => {
    expect(balanceCents(56302.06)).toBe(5_630_206);
    expect(balanceCents(0.29)).toBe(29);
    expect(balanceCents(null)).toBeNull();
  });
});
