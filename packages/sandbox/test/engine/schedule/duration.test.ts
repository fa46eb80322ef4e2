import { describe, expect, it } from 'vitest';
import { durationMs } from '../../../src/engine/schedule/duration.js';

describe('durationMs', () => {
  it.each([
    ['PT31M', 31 * 60_000],
    ['P1D', 86_400_000],
    ['P1W', 7 * 86_400_000],
    ['P1W2DT3H', 9 * 86_400_000 + 3 * 3_600_000],
    ['PT1H30M', 90 * 60_000],
    ['PT0.5S', 500],
    ['PT0S', 0],
    ['P400D', 400 * 86_400_000],
  ])('%s is %d ms', (duration, ms) => {
    expect(durationMs(duration)).toBe(ms);
  });

  it.each(['', 'P', 'PT', 'P1DT', 'P1M', 'P1Y', '-P1D', 'PT1.2345S', '1D', 'p1d', 'P1D ', 'PT1M1H'])(
    'refuses %j',
    (duration) => {
      expect(durationMs(duration)).toBeUndefined();
    },
  );
});
