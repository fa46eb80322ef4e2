import { describe, expect, it } from 'vitest';
import { describeJsonPosition, findJsonSyntaxError } from '../src/json-syntax.js';

/** A small seeded PRNG (mulberry32), so the generated cases are the same on every run. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe('findJsonSyntaxError', () => {
  it.each([
    ['{}'],
    ['{"a":[1,-2.5e+3,true,false,null,"x\\u00e9\\n"],"b":{}}'],
    [' \t\r\n{ "a" : [ ] } \n'],
    ['"just a string"'],
    ['0'],
    ['[[[[[]]]]]'],
  ])('accepts %s', (text) => {
    expect(findJsonSyntaxError(text)).toBeUndefined();
  });

  it.each([
    ['', 1, 1, 'unexpected end of the body'],
    ['{"a":', 1, 6, 'unexpected end of the body'],
    ['{"a":1,}', 1, 8, 'expected a property name in double quotes'],
    ['{"a" 1}', 1, 6, 'expected : after a property name'],
    ['{"a":1 "b":2}', 1, 8, 'expected , or }'],
    ['[1 2]', 1, 4, 'expected , or ]'],
    ['{"a":"x', 1, 8, 'unterminated string'],
    ['{"a":"x\\q"}', 1, 8, 'invalid escape sequence in a string'],
    ['{"a":"x\\u12"}', 1, 8, 'invalid escape sequence in a string'],
    ['{"a":"\t"}', 1, 7, 'control character in a string (escape it)'],
    ['{"a":01}', 1, 7, 'expected , or }'],
    ['{"a":1.}', 1, 8, 'invalid number'],
    ['{"a":-}', 1, 7, 'invalid number'],
    ['{"a":1e}', 1, 8, 'invalid number'],
    ['{"a":tru}', 1, 6, 'unexpected character'],
    ['{}{}', 1, 3, 'unexpected data after the JSON value'],
    ['{\n  "a": 1,\n  "b": x\n}', 3, 8, 'unexpected character'],
  ])('locates the error of %j at line %i, column %i', (text, line, column, reason) => {
    expect(parses(text)).toBe(false);
    expect(findJsonSyntaxError(text)).toMatchObject({ line, column, reason });
  });

  it('says where without quoting the text', () => {
    const error = findJsonSyntaxError('{"secret":d3c1f0e9b8a4c2d6}');
    expect(error && describeJsonPosition(error)).toBe('line 1, column 11');
    expect(JSON.stringify(error)).not.toContain('d3c1');
  });

  it('handles any nesting depth without recursion', () => {
    const depth = 200_000;
    expect(findJsonSyntaxError(`${'['.repeat(depth)}${']'.repeat(depth)}`)).toBeUndefined();
    expect(findJsonSyntaxError(`${'['.repeat(depth)}${']'.repeat(depth - 1)}`)).toMatchObject({
      offset: 2 * depth - 1,
      reason: 'unexpected end of the body',
    });
  });

  it('agrees with JSON.parse on 5,000 seeded mutations of valid JSON', () => {
    const random = prng(13);
    const seeds = [
      '{"access_token":"access-sandbox-x","options":{"count":25,"offset":0,"account_ids":["a","b"]}}',
      '{"amount":{"value":-1.5e-3,"currency":"GBP"},"flag":true,"none":null,"text":"a\\"b\\\\c\\u0041"}',
      '[1,[2,[3,{"x":[]}]],"end"]',
    ];
    const alphabet = '{}[]:,"\\-+.0123456789eEtrufalsn \t\n\r\u0000x';
    for (let round = 0; round < 5000; round++) {
      const chars = [...(seeds[round % seeds.length] ?? '')];
      for (let edit = 1 + Math.floor(random() * 3); edit > 0; edit--) {
        const at = Math.floor(random() * (chars.length + 1));
        const char = alphabet[Math.floor(random() * alphabet.length)] ?? '';
        const kind = random();
        if (kind < 0.4) {
          chars.splice(at, 1);
        } else if (kind < 0.7) {
          chars.splice(at, 0, char);
        } else {
          chars.splice(at, 1, char);
        }
      }
      const text = chars.join('');
      const error = findJsonSyntaxError(text);
      expect([text, error === undefined]).toEqual([text, parses(text)]);
      if (error) {
        expect(error.offset).toBeLessThanOrEqual(text.length);
      }
    }
  });
});
