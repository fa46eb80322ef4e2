import { describe, expect, it } from 'vitest';
import { hasAtMostTwoDecimals } from '../../../src/features/payments/amount.js';
import { decodeCursor, encodeCursor } from '../../../src/features/payments/list-cursor.js';
import { recipientDetailsKey } from '../../../src/features/payments/recipient-details.js';

describe('payment list cursors', () => {
  it('round-trips a position', () => {
    const position = { lastStatusUpdate: '2026-11-20T14:15:22.000Z', sequence: 4 };
    const cursor = encodeCursor(position);
    expect(cursor).toBe('MjAyNi0xMS0yMFQxNDoxNToyMi4wMDBafDQ');
    expect(decodeCursor(cursor)).toEqual({ kind: 'after', position });
  });

  it.each([
    ['2026-11-20T14:15:22Z', '2026-11-20T14:15:22.000Z'],
    ['2026-11-20T15:15:22+01:00', '2026-11-20T14:15:22.000Z'],
    ['2026-11-20T14:15:22.123Z', '2026-11-20T14:15:22.123Z'],
    ['2026-11-20T14:15:22.1230Z', '2026-11-20T14:15:22.123Z'],
    ['2026-11-20T14:15:22.1234Z', '2026-11-20T14:15:22.124Z'],
  ])('reads the date-time %s as "strictly before %s"', (cursor, instant) => {
    expect(decodeCursor(cursor)).toEqual({ kind: 'before', instant });
  });

  it.each(['page2', 'MjAy', '2026-13-45T99:00:00Z', encodeCursor({ lastStatusUpdate: 'x', sequence: 1 }), 'a!b'])(
    'refuses %s',
    (cursor) => {
      expect(decodeCursor(cursor)).toBeUndefined();
    },
  );
});

describe('recipient details key', () => {
  const details = {
    name: 'Wonder Wallet',
    iban: 'GB33BUKB20201555555555',
    bacs: { account: '55555555', sort_code: '202015' },
    address: { street: ['96 Guild Street'], city: 'London', postal_code: 'SE14 8JW', country: 'GB' },
  };

  it('is the same for identical details, whatever the field order', () => {
    const reordered = {
      address: { country: 'GB', postal_code: 'SE14 8JW', city: 'London', street: ['96 Guild Street'] },
      bacs: { sort_code: '202015', account: '55555555' },
      iban: 'GB33BUKB20201555555555',
      name: 'Wonder Wallet',
    };
    expect(recipientDetailsKey(reordered)).toBe(recipientDetailsKey(details));
  });

  it.each([
    ['name', { ...details, name: 'Wonder Wallet Ltd' }],
    ['iban', { ...details, iban: null }],
    ['bacs', { ...details, bacs: { account: '55555556', sort_code: '202015' } }],
    ['address', { ...details, address: null }],
    ['street', { ...details, address: { ...details.address, street: ['96 Guild Street', 'Flat 2'] } }],
  ])('differs when the %s differs', (_field, other) => {
    expect(recipientDetailsKey(other)).not.toBe(recipientDetailsKey(details));
  });
});

describe('amounts with at most two decimals', () => {
  it.each([
    [100, true],
    [25.5, true],
    [0.01, true],
    [0.1 + 0.2, true],
    [12.345, false],
    [0.001, false],
  ])('%d → %s', (value, ok) => {
    expect(hasAtMostTwoDecimals(value)).toBe(ok);
  });
});
