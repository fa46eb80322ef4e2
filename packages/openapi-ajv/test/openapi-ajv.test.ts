import { describe, expect, it } from 'vitest';
import { createOpenApiAjv, hasAtMostDecimalPlaces, OPENAPI_KEYWORDS } from '../src/index.js';

const ajv = createOpenApiAjv();

describe('createOpenApiAjv', () => {
  it.each([
    ['int32', 2 ** 31 - 1, true],
    ['int32', -(2 ** 31), true],
    ['int32', 2 ** 31, false],
    ['int32', -(2 ** 31) - 1, false],
    ['int32', 1.5, false],
    ['int64', 2 ** 40, true],
    ['int64', 2.5, false],
    ['float', 1.25, true],
    ['double', -1e300, true],
    ['date', '2026-11-01', true],
    ['date', '2026-13-01', false],
    ['uri', 'https://svc.example/hook', true],
    ['uri', 'not a uri', false],
  ])('format %s: %s is valid: %s', (format, value, valid) => {
    const type = typeof value === 'number' ? 'number' : 'string';
    expect(ajv.validate({ type, format }, value)).toBe(valid);
  });

  it.each([
    [0.07, true],
    [19.99, true],
    [4.35, true],
    [1234567.89, true],
    [123456789012.35, true],
    [Math.floor(98765432109.876 / 0.01) * 0.01, true],
    [123456789012.345, false],
    [0.1 + 0.2, true],
    [100, true],
    [102.05, true],
    [102.051, false],
    [10.005, false],
    [0.001, false],
  ])('x-decimal-places 2: %s is valid: %s', (value, valid) => {
    expect(ajv.validate({ type: 'number', 'x-decimal-places': 2 }, value)).toBe(valid);
    expect(hasAtMostDecimalPlaces(value, 2)).toBe(valid);
  });

  it('words an x-decimal-places error as people do', () => {
    const validate = ajv.compile({ type: 'object', properties: { amount: { type: 'number', 'x-decimal-places': 2 } } });
    expect(validate({ amount: 102.051 })).toBe(false);
    expect(validate.errors).toMatchObject([
      { keyword: 'x-decimal-places', instancePath: '/amount', message: 'must have at most 2 decimal places' },
    ]);
  });

  it('reports every error, not only the first', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'integer', format: 'int32' }, b: { type: 'string' } },
    };
    expect(ajv.validate(schema, { a: 2 ** 31, b: 1 })).toBe(false);
    expect(ajv.errors?.map((error) => error.instancePath)).toEqual(['/a', '/b']);
  });

  it('knows the OpenAPI keywords and the API extensions, so schemas carrying them compile', () => {
    expect(OPENAPI_KEYWORDS).toEqual(expect.arrayContaining(['discriminator', 'example', 'x-extensible-enum']));
    const validate = ajv.compile({
      type: 'string',
      example: 'checking',
      'x-extensible-enum': ['checking'],
      discriminator: { propertyName: 'type' },
    });
    expect(validate('brokerage')).toBe(true);
  });

  it('gives a new instance each time, so documents added to one do not leak into another', () => {
    const first = createOpenApiAjv();
    first.addSchema({ $id: 'https://svc.example/a.json', type: 'string' });
    expect(createOpenApiAjv().getSchema('https://svc.example/a.json')).toBeUndefined();
  });
});
