import { describe, expect, it } from 'vitest';
import { checkJsonLimits, DEFAULT_JSON_LIMITS, jsonTextHasNoUnicodeEscape } from '../src/json-limits.js';

const nested = (depth: number, leaf: unknown = 1): unknown => {
  let value = leaf;
  for (let level = 0; level < depth; level++) {
    value = [value];
  }
  return value;
};

describe('checkJsonLimits', () => {
  const limits = { maxDepth: 4, maxObjectKeys: 3, maxArrayItems: 3, maxValues: 10 };

  it('accepts a body within every limit', () => {
    expect(checkJsonLimits({ a: [1, 2, 3], b: { c: { d: null } } }, limits)).toBeUndefined();
    expect(checkJsonLimits({ options: { count: 25, account_ids: ['a'] } })).toBeUndefined();
  });

  it.each([
    ['too deep', { a: { b: { c: { d: {} } } } }, { kind: 'depth', path: ['a', 'b', 'c', 'd'], size: 5, limit: 4 }],
    ['too deep in an array', { a: nested(4) }, { kind: 'depth', path: ['a', 0, 0, 0], size: 5 }],
    ['too many fields in an object', { a: { w: 1, x: 1, y: 1, z: 1 } }, { kind: 'object-keys', path: ['a'], size: 4 }],
    ['too many fields in the body', { w: 1, x: 1, y: 1, z: 1 }, { kind: 'object-keys', path: [], size: 4 }],
    ['too many items', { a: { b: [1, 2, 3, 4] } }, { kind: 'array-items', path: ['a', 'b'], size: 4 }],
    ['too many values', { a: [1, 2, 3], b: [1, 2, 3], c: [1, 2, 3] }, { kind: 'values', path: ['c', 1], limit: 10 }],
    ['a NUL in a string', { a: { b: 'x\u0000' } }, { kind: 'unstorable-string', path: ['a', 'b'], in: 'value' }],
    ['a lone surrogate in a name', { a: { '\ud800': 1 } }, { kind: 'unstorable-string', path: ['a'], in: 'name' }],
    ['a number out of range', { a: [1, Number.POSITIVE_INFINITY] }, { kind: 'number-out-of-range', path: ['a', 1] }],
    ['a negative one', { a: { b: Number.NEGATIVE_INFINITY } }, { kind: 'number-out-of-range', path: ['a', 'b'] }],
  ])('reports %s with its path', (_name, body, problem) => {
    expect(checkJsonLimits(body, limits)).toMatchObject(problem);
  });

  it('reports the first problem in document order', () => {
    expect(checkJsonLimits({ a: Number.POSITIVE_INFINITY, b: nested(9) }, limits)).toMatchObject({
      kind: 'number-out-of-range',
      path: ['a'],
    });
    expect(checkJsonLimits({ a: nested(9), b: Number.POSITIVE_INFINITY }, limits)).toMatchObject({
      kind: 'depth',
      path: ['a', 0, 0, 0],
    });
  });

  it('checks any depth without recursion, and the default limit is 32 levels', () => {
    expect(DEFAULT_JSON_LIMITS.maxDepth).toBe(32);
    expect(checkJsonLimits({ a: nested(31) })).toBeUndefined();
    const problem = checkJsonLimits({ access_token: JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) });
    expect(problem).toMatchObject({ kind: 'depth', size: 33, limit: 32 });
    expect(problem?.path[0]).toBe('access_token');
  });

  it('stops at the value past maxValues in a body of 810,000 values', () => {
    const huge = { a: Array.from({ length: 900 }, () => Array.from({ length: 900 }, () => 0)) };
    // Value 5,001 in document order: a (1), then 901 per row (a[i] and its items): a[5][493].
    expect(checkJsonLimits(huge)).toEqual({ kind: 'values', path: ['a', 5, 493], limit: 5000 });
  });
});

describe('jsonTextHasNoUnicodeEscape', () => {
  it.each([
    ['{"a":"plain","b":["x",1]}', true],
    ['{"emoji":"😀 raw, as UTF-8 sends it"}', true],
    ['{"a":"x\\u0000"}', false],
    ['{"a\\u0000":1}', false],
    ['{"a":"\\ud800"}', false],
    ['{"a":"\\\\u0000 is an escaped backslash, then text"}', false],
    ['{"a":"\\ud83d\\ude00"}', false],
  ])('%s → %s', (text, expected) => {
    expect(jsonTextHasNoUnicodeEscape(text)).toBe(expected);
  });

  it.each([
    '{"a":"plain","nested":{"b":["x","y"]}}',
    '{"a":"x\\u0000"}',
    '{"a\\u0000":1}',
    '{"list":["ok","\\udc00"]}',
    '{"pair":"\\ud83d\\ude00"}',
    '{"big":1e400,"s":"\\u0000"}',
  ])('when it says so, skipping the string scan changes no finding: %s', (text) => {
    const value = JSON.parse(text) as unknown;
    expect(checkJsonLimits(value, DEFAULT_JSON_LIMITS, jsonTextHasNoUnicodeEscape(text))).toEqual(
      checkJsonLimits(value, DEFAULT_JSON_LIMITS),
    );
  });
});
