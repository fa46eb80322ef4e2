import { describe, expect, it } from 'vitest';
import { clock, TURBO_ENV } from '../turbo-progress.mjs';

describe('turbo-progress', () => {
  it.each([
    [0, '0:00'],
    [9_999, '0:09'],
    [61_000, '1:01'],
    [3_600_000, '60:00'],
  ])('shows %i ms as %s', (ms, text) => {
    expect(clock(ms)).toBe(text);
  });

  it('runs turbo with its telemetry off', () => {
    expect(TURBO_ENV.TURBO_TELEMETRY_DISABLED).toBe('1');
  });
});
