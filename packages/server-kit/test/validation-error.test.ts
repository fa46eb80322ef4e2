import { describe, expect, it } from 'vitest';
import {
  type FieldViolation,
  formatFieldPath,
  MAX_REPORTED_VIOLATIONS,
  validationError,
} from '../src/validation-error.js';

const body = (path: (string | number)[], keyword: string, message = '', value?: unknown): FieldViolation => ({
  location: 'body',
  path,
  keyword,
  message,
  ...(value === undefined ? {} : { value }),
});

describe('formatFieldPath', () => {
  it.each([
    [['options', 'count'], 'options.count'],
    [['payments', 0, 'amount'], 'payments[0].amount'],
    [['country_codes', 1], 'country_codes[1]'],
    [[], ''],
  ])('%j → %s', (path, expected) => {
    expect(formatFieldPath(path)).toBe(expected);
  });
});

describe('validationError', () => {
  it('names missing fields like the spec examples', () => {
    const error = validationError([body(['access_token'], 'required')], 'r');
    expect(error).toMatchObject({
      status: 400,
      error_type: 'INVALID_REQUEST',
      error_code: 'MISSING_FIELDS',
      error_message: 'the following required fields are missing: access_token',
      request_id: 'r',
      documentation_url: 'https://docs.svc.example/errors/invalid-request#missing_fields',
    });
  });

  it('picks the most important code and lists every violation, one cause each', () => {
    const error = validationError([
      body(['options', 'count'], 'maximum', 'must be <= 25', 50),
      body(['unexpected'], 'additionalProperties'),
      body(['access_token'], 'required'),
    ]);
    expect(error.error_code).toBe('MISSING_FIELDS');
    expect(error.error_message).toBe(
      'the following required fields are missing: access_token; the following fields are not defined for this operation: unexpected; options.count must be <= 25, got 50',
    );
    expect(error.causes).toEqual([
      expect.objectContaining({ error_code: 'INVALID_FIELD', field: 'options.count', location: 'body' }),
      expect.objectContaining({ error_code: 'UNKNOWN_FIELDS', field: 'unexpected' }),
      expect.objectContaining({ error_code: 'MISSING_FIELDS', field: 'access_token' }),
    ]);
  });

  it('says "one of" for alternatives', () => {
    const error = validationError([
      { ...body([], 'required', 'needs one of iban, bacs'), alternatives: ['iban', 'bacs'] },
    ]);
    expect(error.error_message).toBe('the following required fields are missing: iban or bacs');
  });

  it('reports header problems as INVALID_HEADERS', () => {
    const error = validationError([
      { location: 'header', path: ['SVC-Version'], keyword: 'enum', message: 'must be one of 2026-11-01', value: 'x' },
    ]);
    expect(error.error_code).toBe('INVALID_HEADERS');
    expect(error.error_message).toBe('header SVC-Version must be one of 2026-11-01, got "x"');
    expect(error.causes).toEqual([
      {
        error_type: 'INVALID_REQUEST',
        error_code: 'INVALID_HEADERS',
        error_message: 'header SVC-Version must be one of 2026-11-01, got "x"',
        header: 'SVC-Version',
        location: 'header',
      },
    ]);
  });

  it('gives a cause about the body itself no field', () => {
    const error = validationError([body([], 'minProperties', 'must NOT have fewer than 1 properties')]);
    expect(error.causes).toEqual([
      {
        error_type: 'INVALID_REQUEST',
        error_code: 'INVALID_FIELD',
        error_message: '(body) must NOT have fewer than 1 properties',
        location: 'body',
      },
    ]);
  });

  // Issue 13: 50,000 unknown keys took 38 s (the grouping copied an array per violation) and
  // listed every one of them.
  it('lists the first 100 violations and counts the others', () => {
    const violations = Array.from({ length: 50_000 }, (_, index) => body([`k${index}`], 'additionalProperties'));
    const error = validationError(violations, 'r');
    expect(error.causes).toHaveLength(MAX_REPORTED_VIOLATIONS);
    expect(error.causes[99]).toMatchObject({ field: 'k99', error_code: 'UNKNOWN_FIELDS' });
    expect(error.error_message).toBe(
      `the following fields are not defined for this operation: ${Array.from({ length: 100 }, (_, index) => `k${index}`).join(', ')}; 49900 more problems are not listed (50000 in all)`,
    );
  });

  it('lists the most important kinds first when it cannot list them all', () => {
    const violations = [
      ...Array.from({ length: 150 }, (_, index) => body(['items', index], 'type', 'must be string', index)),
      body(['access_token'], 'required'),
    ];
    const error = validationError(violations);
    expect(error.error_code).toBe('MISSING_FIELDS');
    expect(error.causes[0]).toMatchObject({ error_code: 'MISSING_FIELDS', field: 'access_token' });
    expect(error.causes.at(-1)).toMatchObject({ field: 'items[98]' });
    expect(error.error_message).toMatch(
      /^the following required fields are missing: access_token; items\[0\] must be string, got 0; .*; 51 more problems are not listed \(151 in all\)$/,
    );
  });

  it('never shows the value of a secret', () => {
    const error = validationError([body(['secret'], 'type', 'must be string', 12345)]);
    expect(error.error_message).toBe('secret must be string');
  });

  it.each([
    [['access_token'], 'access-sandbox-ZZZ-not-a-uuid'],
    [['processor_token'], 'processor-sandbox-leaked'],
    [['access_tokens', 0], 'access-sandbox-leaked'],
    [['options', 'webhook_secret'], 'whsec_leaked'],
  ])('never quotes a malformed token or secret at %j', (path, value) => {
    const error = validationError([body(path, 'pattern', 'must match pattern "^access-"', value)]);
    expect(JSON.stringify(error)).not.toContain(value);
    expect(error.causes[0]?.error_message).not.toContain(value);
  });

  it('still quotes the value of an ordinary field', () => {
    expect(validationError([body(['count'], 'maximum', 'must be <= 25', 50)]).error_message).toBe(
      'count must be <= 25, got 50',
    );
  });

  it('needs at least one violation', () => {
    expect(() => validationError([])).toThrow(/at least one/);
  });
});
