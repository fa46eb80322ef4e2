/**
 * International Bank Account Numbers (ISO 13616): the country of an IBAN and its mod-97 check
 * digits. The API takes IBANs in their electronic form (upper-case letters and digits, no
 * spaces), which the request schema already enforces.
 */

/** The ISO 3166-1 alpha-2 country code of an IBAN: its first two letters. */
export function ibanCountry(iban: string): string {
  return iban.slice(0, 2);
}

/**
 * Whether the check digits of `iban` are right (ISO 13616 / ISO 7064 mod 97-10): moving the first
 * four characters to the end and replacing each letter by two digits (A = 10 … Z = 35) gives a
 * number whose remainder modulo 97 is 1. Characters other than A-Z and 0-9 make it invalid.
 */
export function hasValidIbanCheckDigits(iban: string): boolean {
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]+$/.test(iban)) {
    return false;
  }
  const rearranged = `${iban.slice(4)}${iban.slice(0, 4)}`;
  let remainder = 0;
  for (const character of rearranged) {
    const code = character.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : character;
    for (const digit of digits) {
      remainder = (remainder * 10 + Number(digit)) % 97;
    }
  }
  return remainder === 1;
}
