import { describe, expect, it } from 'vitest';
import { parsePrefer, resolvePreferences } from '../src/mock/prefer.js';
import type { ResponseExamples } from '../src/prism/response-catalogue.js';

describe('parsePrefer', () => {
  it.each([
    [undefined, {}],
    ['code=400', { code: 400 }],
    ['example=missingFields', { example: 'missingFields' }],
    ['code=400, example=missingFields', { code: 400, example: 'missingFields' }],
    ['code=400; example="missingFields"', { code: 400, example: 'missingFields' }],
    [['code=401', 'dynamic=true'], { code: 401, dynamic: true }],
    ['respond-async, wait=5, Dynamic=false', { dynamic: false }],
  ])('%j → %j', (header, expected) => {
    expect(parsePrefer(header)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['code=abc', /HTTP status/],
    ['code=4000', /HTTP status/],
    ['dynamic=yes', /true or false/],
    ['example=', /needs a name/],
  ])('rejects %s', (header, problem) => {
    const result = parsePrefer(header);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.problem).toMatch(problem);
  });
});

describe('resolvePreferences', () => {
  const catalogue: ResponseExamples[] = [
    { status: '200', examples: ['default', 'empty'] },
    { status: '400', examples: ['missingFields', 'invalidCount'] },
    { status: '401', examples: ['missingCredentials'] },
  ];

  it.each([
    [{}, false, { dynamic: false }],
    [{}, true, { dynamic: true }],
    [{ dynamic: true }, false, { dynamic: true }],
    [{ code: 400 }, false, { dynamic: false, code: 400 }],
    [{ example: 'invalidCount' }, false, { dynamic: false, code: 400, exampleKey: 'invalidCount' }],
    [{ example: 'empty' }, false, { dynamic: false, code: 200, exampleKey: 'empty' }],
    [
      { code: 401, example: 'missingCredentials' },
      false,
      { dynamic: false, code: 401, exampleKey: 'missingCredentials' },
    ],
  ])('%j (dynamic by default: %s) → %j', (preferences, dynamic, expected) => {
    expect(resolvePreferences(preferences, catalogue, 'transferList', dynamic)).toEqual({ ok: true, value: expected });
  });

  it.each([
    [{ code: 404 }, 'declares no 404 response; it declares 200, 400, 401'],
    [
      { example: 'zzz' },
      'transferList has no such example; choose one of default (200), empty (200), missingFields (400)',
    ],
    [{ code: 200, example: 'invalidCount' }, 'the 200 response of transferList has no such example'],
  ])('rejects %j, listing what is declared', (preferences, problem) => {
    const result = resolvePreferences(preferences, catalogue, 'transferList', false);
    expect(result.ok ? '' : result.problem).toContain(problem);
  });
});
