import { describe, expect, it } from 'vitest';
import { accountNumbers, ibanCheckDigits } from '../../../src/features/account-data/numbers.js';
import { CANONICAL_ACCOUNT_IDS, CANONICAL_ITEM } from '../../../src/features/world/index.js';

const US = { country_codes: ['US'], routing_numbers: ['011401533'] };

/** An IBAN is valid when its rearranged digits are 1 modulo 97 (ISO 13616). */
function ibanIsValid(iban: string): boolean {
  const rearranged = `${iban.slice(4)}${iban.slice(0, 4)}`;
  const digits = [...rearranged].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join('');
  return [...digits].reduce((remainder, digit) => (remainder * 10 + Number(digit)) % 97, 0) === 1;
}

describe('accountNumbers', () => {
  it('gives the canonical Item the numbers of the API reference', () => {
    const numbers = accountNumbers(
      [
        { account_id: CANONICAL_ACCOUNT_IDS[0], item_id: CANONICAL_ITEM.itemId, mask: '0000' },
        { account_id: CANONICAL_ACCOUNT_IDS[1], item_id: CANONICAL_ITEM.itemId, mask: '1111' },
      ],
      US,
    );
    expect(numbers).toEqual({
      ach: [
        {
          account: '1111222233330000',
          account_id: CANONICAL_ACCOUNT_IDS[0],
          routing: '011401533',
          wire_routing: '021000021',
        },
        {
          account: '1111222233331111',
          account_id: CANONICAL_ACCOUNT_IDS[1],
          routing: '011401533',
          wire_routing: '021000021',
        },
      ],
      eft: [],
      international: [],
      bacs: [],
    });
  });

  it('derives stable numbers ending in the mask, different for different accounts', () => {
    const a = { account_id: 'account-a', item_id: 'item-1', mask: '0000' };
    const b = { account_id: 'account-b', item_id: 'item-2', mask: '0000' };
    const first = accountNumbers([a, b], { country_codes: ['US'], routing_numbers: ['021000089'] });
    expect(accountNumbers([a, b], { country_codes: ['US'], routing_numbers: ['021000089'] })).toEqual(first);
    expect(first.ach.map((entry) => entry.account)).toEqual([
      expect.stringMatching(/^\d{12}0000$/),
      expect.stringMatching(/^\d{12}0000$/),
    ]);
    expect(first.ach[0]?.account).not.toBe(first.ach[1]?.account);
    expect(first.ach[0]?.routing).toBe('021000089');
  });

  it.each([
    ['US', { ach: 1, eft: 0, international: 0, bacs: 0 }],
    ['CA', { ach: 0, eft: 1, international: 0, bacs: 0 }],
    ['GB', { ach: 0, eft: 0, international: 1, bacs: 1 }],
    ['FR', { ach: 0, eft: 0, international: 1, bacs: 0 }],
  ])('groups the numbers of an institution in %s by its networks', (country, counts) => {
    const numbers = accountNumbers([{ account_id: 'acc', item_id: 'item', mask: '1111' }], {
      country_codes: [country],
      routing_numbers: [],
    });
    expect({
      ach: numbers.ach.length,
      eft: numbers.eft.length,
      international: numbers.international.length,
      bacs: numbers.bacs.length,
    }).toEqual(counts);
    for (const entry of numbers.eft) {
      expect(entry.account).toMatch(/^\d{7,12}$/);
      expect(entry.institution).toMatch(/^\d{3}$/);
      expect(entry.branch).toMatch(/^\d{5}$/);
    }
    for (const entry of numbers.bacs) {
      expect(entry.account).toMatch(/^\d{8}$/);
      expect(entry.sort_code).toMatch(/^\d{6}$/);
    }
    for (const entry of numbers.international) {
      expect(entry.iban.startsWith(country)).toBe(true);
      expect(ibanIsValid(entry.iban)).toBe(true);
      expect(entry.bic).toMatch(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/);
    }
  });

  it('computes ISO 13616 check digits (a published example IBAN)', () => {
    expect(ibanCheckDigits('GB', 'WEST12345698765432')).toBe('82');
  });
});
