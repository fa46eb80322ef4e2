import { describe, expect, it } from 'vitest';
import { ACH_RETURN_CODES, isAssignedReturnCode } from '../../../src/features/signal/return-codes.js';

describe('ACH return codes', () => {
  it.each(['R01', 'R02', 'R10', 'R29', 'R47', 'R50', 'R53', 'R61', 'R62', 'R67', 'R77', 'R80', 'R85'])(
    '%s is assigned',
    (code) => {
      expect(isAssignedReturnCode(code)).toBe(true);
    },
  );
  it.each(['R00', 'R48', 'R49', 'R54', 'R60', 'R63', 'R66', 'R78', 'R79', 'R86', 'R99', 'r01', 'R1', 'toString'])(
    '%s is not',
    (code) => {
      expect(isAssignedReturnCode(code)).toBe(false);
    },
  );
  it('every listed code is R and two digits', () => {
    for (const code of Object.keys(ACH_RETURN_CODES)) {
      expect(code).toMatch(/^R[0-9]{2}$/);
    }
    expect(Object.keys(ACH_RETURN_CODES)).toHaveLength(70);
  });
});
