import { describe, expect, it } from 'vitest';
import { hasValidIbanCheckDigits, ibanCountry } from '../../../src/features/payments/iban.js';
import { isSepaCountry } from '../../../src/features/payments/sepa.js';

describe('IBAN check digits (ISO 13616 mod 97)', () => {
  it.each([
    ['GB33BUKB20201555555555', true],
    ['GB29NWBK60161331926819', true],
    ['DE89370400440532013000', true],
    ['FR1420041010050500013M02606', true],
    ['TR330006100519786457841326', true],
    ['GB33BUKB20201555555556', false],
    ['GB34BUKB20201555555555', false],
    ['DE89370400440532013001', false],
    ['gb33bukb20201555555555', false],
    ['GB33 BUKB 2020 1555 5555 55', false],
  ])('%s → %s', (iban, valid) => {
    expect(hasValidIbanCheckDigits(iban)).toBe(valid);
  });

  it('reads the country from the first two letters', () => {
    expect(ibanCountry('TR330006100519786457841326')).toBe('TR');
  });
});

describe('SEPA countries', () => {
  it.each(['GB', 'DE', 'FR', 'IE', 'CH', 'NO', 'IS', 'LI', 'MC', 'SM', 'VA', 'AD', 'GI', 'JE', 'GG', 'IM', 'AL', 'ME'])(
    '%s is in SEPA',
    (country) => {
      expect(isSepaCountry(country)).toBe(true);
    },
  );

  it.each(['TR', 'US', 'RU', 'UA', 'BR', 'CN', 'gb', ''])('%s is not in SEPA', (country) => {
    expect(isSepaCountry(country)).toBe(false);
  });
});
