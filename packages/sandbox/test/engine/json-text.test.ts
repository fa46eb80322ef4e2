import { describe, expect, it } from 'vitest';
import { fromJsonText, type JsonText, toJsonText } from '../../src/engine/json-text.js';

describe('JSON text columns', () => {
  it.each([[{ country: 'GB', street: ['1 Main St'] }], [['auth', 'transactions']], [[]], [null]])(
    'gives back what was written: %j',
    (value) => {
      const text = toJsonText(value);
      expect(text).toBe(JSON.stringify(value));
      expect(fromJsonText(text)).toEqual(value);
    },
  );

  it('is typed by what it holds: a plain string or the text of another type is refused at compile time', () => {
    // @ts-expect-error: a column of products takes only the JSON text of products.
    const plain: JsonText<string[]> = '["auth"]';
    // @ts-expect-error: the text of a number is not the text of a list of strings.
    const other: JsonText<string[]> = toJsonText(42);
    expect([plain, other]).toEqual(['["auth"]', '42']);
  });
});
