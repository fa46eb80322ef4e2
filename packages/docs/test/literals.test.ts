import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellQuote, typescriptLiteral } from '../src/literals.js';

/** Evaluates a TypeScript literal made only of JSON values (valid JavaScript as well). */
function evaluate(literal: string): unknown {
  return new Function(`return (${literal});`)();
}

describe('typescriptLiteral', () => {
  const cases: Array<[string, unknown, string]> = [
    ['null', null, 'null'],
    ['number', 12.34, '12.34'],
    ['boolean', false, 'false'],
    ['string with quote, backslash and newline', "it's C:\\tmp\nnext", "'it\\'s C:\\\\tmp\\nnext'"],
    ['empty object and array', { a: {}, b: [] }, '{\n  a: {},\n  b: [],\n}'],
    ['snake_case keys stay bare', { access_token: 'x' }, "{\n  access_token: 'x',\n}"],
    ['keys that are not identifiers are quoted', { 'x-y': 1, '2fa': 2 }, "{\n  'x-y': 1,\n  '2fa': 2,\n}"],
    [
      'nested values',
      { options: { count: 25, account_ids: ['a', 'b'] } },
      "{\n  options: {\n    count: 25,\n    account_ids: [\n      'a',\n      'b',\n    ],\n  },\n}",
    ],
  ];
  it.each(cases)('%s', (_name, value, want) => {
    const literal = typescriptLiteral(value);
    expect(literal).toBe(want);
    expect(evaluate(literal)).toEqual(value);
  });

  it('rejects values JSON cannot hold', () => {
    expect(() => typescriptLiteral(undefined)).toThrow('not a JSON value: undefined');
  });
});

describe('shellQuote', () => {
  const cases = ['plain', "it's", '{"a": "$HOME `id` \\n"}', '', "''", 'line\nbreak'];
  it.each(cases)('round-trips %j through sh', (text) => {
    const result = spawnSync('sh', ['-c', `printf '%s' ${shellQuote(text)}`], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(text);
  });
});
