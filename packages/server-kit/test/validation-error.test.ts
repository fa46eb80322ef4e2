import { describe, expect, it } from 'vitest';
import { type FieldViolation, formatFieldPath, validationError } from '../src/validation-error.js';

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
  });

  it('never shows the value of a secret', () => {
    const error = validationError([body(['secret'], 'type', 'must be string', 12345)]);
    expect(error.error_message).toBe('secret must be string');
  });

  it('needs at least one violation', () => {
    expect(() => validationError([])).toThrow(/at least one/);
  });
});
