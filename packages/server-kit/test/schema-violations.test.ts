import { describe, expect, it } from 'vitest';
import { type SchemaDiagnostic, schemaViolations, stripSubject } from '../src/schema-violations.js';

const error = (path: string[], code: string, message: string): SchemaDiagnostic => ({ path, code, message });
const context = (body: Record<string, unknown>, headers: Record<string, string> = {}) => ({
  body,
  headers,
  headerNames: new Map([['svc-version', 'SVC-Version']]),
});

describe('stripSubject', () => {
  it.each([
    ['Request body property options.count must be <= 25', 'must be <= 25'],
    ["Request body must have required property 'a'", "must have required property 'a'"],
    [
      'Request header parameter svc-version must be equal to one of the allowed values: 2026-11-01',
      'must be equal to one of the allowed values: 2026-11-01',
    ],
  ])('%s → %s', (message, expected) => {
    expect(stripSubject(message)).toBe(expected);
  });
});

describe('schemaViolations', () => {
  it('names the missing, the unknown and the unevaluated property', () => {
    const violations = schemaViolations(
      [
        error(['body'], 'required', "Request body must have required property 'access_token'"),
        error(['body'], 'additionalProperties', "Request body must NOT have additional properties; found 'bogus'"),
        error(
          ['body', 'bacs'],
          'unevaluatedProperties',
          "Request body property bacs must NOT have unevaluated properties: 'x'",
        ),
      ],
      context({ bogus: 1, bacs: { x: 1 } }),
    );
    expect(violations.map((violation) => [violation.keyword, violation.path])).toEqual([
      ['required', ['access_token']],
      ['additionalProperties', ['bogus']],
      ['unevaluatedProperties', ['bacs', 'x']],
    ]);
  });

  it('turns array positions into indexes and attaches the offending value', () => {
    const [violation] = schemaViolations(
      [
        error(
          ['body', 'country_codes', '1'],
          'pattern',
          'Request body property country_codes.1 must match pattern "^[A-Z]{2}$"',
        ),
      ],
      context({ country_codes: ['US', 'us'] }),
    );
    expect(violation).toEqual({
      location: 'body',
      path: ['country_codes', 1],
      keyword: 'pattern',
      message: 'must match pattern "^[A-Z]{2}$"',
      value: 'us',
    });
  });

  it('gives a header its canonical name and value', () => {
    const [violation] = schemaViolations(
      [
        error(
          ['header', 'svc-version'],
          'enum',
          'Request header parameter svc-version must be equal to one of the allowed values: 2026-11-01',
        ),
      ],
      context({}, { 'svc-version': '2020-01-01' }),
    );
    expect(violation).toMatchObject({ location: 'header', path: ['SVC-Version'], value: '2020-01-01' });
  });

  it('folds anyOf branches that each require a property into one "one of" violation', () => {
    const violations = schemaViolations(
      [
        error(['body'], 'required', "Request body must have required property 'iban'"),
        error(['body'], 'required', "Request body must have required property 'bacs'"),
        error(['body'], 'anyOf', 'Request body must match a schema in anyOf'),
        error(['body'], 'required', "Request body must have required property 'name'"),
      ],
      context({}),
    );
    expect(violations).toEqual([
      {
        location: 'body',
        path: [],
        keyword: 'required',
        message: 'needs one of iban, bacs',
        alternatives: ['iban', 'bacs'],
      },
      expect.objectContaining({ keyword: 'required', path: ['name'] }),
    ]);
  });

  it('folds the branch errors at the field of an anyOf into its message', () => {
    const violations = schemaViolations(
      [
        error(['body', 'amount'], 'pattern', 'Request body property amount must match pattern "^[0-9]+$"'),
        error(['body', 'amount'], 'type', 'Request body property amount must be null'),
        error(['body', 'amount'], 'anyOf', 'Request body property amount must match a schema in anyOf'),
      ],
      context({ amount: 'x' }),
    );
    expect(violations).toEqual([
      expect.objectContaining({
        path: ['amount'],
        keyword: 'anyOf',
        message: 'matches none of its allowed forms (must match pattern "^[0-9]+$" | must be null)',
      }),
    ]);
  });

  // Issue 13: `user.address` lacking `street` said "matches none of its allowed forms (must be null)".
  it('reports the errors inside a "null or object" field that holds an object', () => {
    const address = { city: 'San Francisco' };
    const violations = schemaViolations(
      [
        error(
          ['body', 'user', 'address'],
          'required',
          "Request body property user.address must have required property 'street'",
        ),
        error(
          ['body', 'user', 'address'],
          'additionalProperties',
          "Request body property user.address must NOT have additional properties; found 'zip'",
        ),
        error(
          ['body', 'user', 'address', 'city'],
          'maxLength',
          'Request body property user.address.city must NOT have more than 3 characters',
        ),
        error(['body', 'user', 'address'], 'type', 'Request body property user.address must be null'),
        error(['body', 'user', 'address'], 'anyOf', 'Request body property user.address must match a schema in anyOf'),
      ],
      context({ user: { address: { ...address, zip: 1 } } }),
    );
    expect(violations.map((violation) => [violation.keyword, violation.path])).toEqual([
      ['required', ['user', 'address', 'street']],
      ['additionalProperties', ['user', 'address', 'zip']],
      ['maxLength', ['user', 'address', 'city']],
    ]);
  });

  it.each([
    ['a string', 'x', ['matches none of its allowed forms (must be object | must be null)']],
    ['an array', [], ['matches none of its allowed forms (must be object | must be null)']],
  ])('still folds a "null or object" field holding %s', (_name, value, messages) => {
    const violations = schemaViolations(
      [
        error(['body', 'bacs'], 'type', 'Request body property bacs must be object'),
        error(['body', 'bacs'], 'type', 'Request body property bacs must be null'),
        error(['body', 'bacs'], 'anyOf', 'Request body property bacs must match a schema in anyOf'),
      ],
      context({ bacs: value }),
    );
    expect(violations.map((violation) => violation.message)).toEqual(messages);
  });

  it('keeps an if error nothing explains, and drops one something does', () => {
    const violations = schemaViolations(
      [
        error(['body', 'a'], 'if', 'Request body property a must match "then" schema'),
        error(['body', 'b', 'x'], 'minimum', 'Request body property b.x must be >= 1'),
        error(['body', 'b'], 'if', 'Request body property b must match "then" schema'),
      ],
      context({ a: {}, b: { x: 0 } }),
    );
    expect(violations.map((violation) => [violation.keyword, violation.path])).toEqual([
      ['if', ['a']],
      ['minimum', ['b', 'x']],
    ]);
  });

  it('drops an if error explained by the errors of its branch, and ignores warnings', () => {
    const violations = schemaViolations(
      [
        error(['body', 'ach_class'], 'required', 'x'),
        error(['body'], 'if', 'Request body must match "then" schema'),
        { message: 'a warning', severity: 1 },
      ],
      context({}),
    );
    expect(violations.map((violation) => violation.keyword)).toEqual(['required']);
  });
});
