import { describe, expect, it } from 'vitest';
import { derivedDigits, seededRandom } from '../../../src/features/account-data/seeded-random.js';

describe('derivedDigits', () => {
  it.each([1, 5, 12, 40])('gives %i decimal digits', (length) => {
    expect(derivedDigits('acc-1/number', length)).toMatch(new RegExp(`^[0-9]{${length}}$`));
  });

  it('gives the same digits for a seed, also after its memory was emptied by many other seeds', () => {
    const first = derivedDigits('acc-1/number', 12);
    for (let index = 0; index < 10_050; index++) {
      derivedDigits(`other-${index}`, 12);
    }
    expect(derivedDigits('acc-1/number', 12)).toBe(first);
  });

  it('keeps lengths apart: a shorter string for the same seed is the start of the longer one', () => {
    expect(derivedDigits('acc-2/branch', 12).startsWith(derivedDigits('acc-2/branch', 5))).toBe(true);
    expect(derivedDigits('acc-2/branch', 5)).toHaveLength(5);
  });

  it('differs between seeds', () => {
    expect(derivedDigits('acc-1/number', 12)).not.toBe(derivedDigits('acc-2/number', 12));
  });
});

describe('seededRandom', () => {
  it('repeats its sequence for a seed', () => {
    const a = seededRandom('item-1');
    const b = seededRandom('item-1');
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });
});
