import { describe, expect, it } from 'vitest';
import { valueAt, withoutValue, withValue } from '../src/body-edit.js';
import { documentedValue, probesFor } from '../src/field-values.js';
import { listFields } from '../src/schema-fields.js';

/** The labels and values of probes, for compact expectations. */
const summary = (probes: { label: string; value: unknown }[]) => probes.map(({ label, value }) => [label, value]);

describe('probesFor', () => {
  const cases: [
    string,
    { schema: Record<string, unknown>; current?: unknown; accept: unknown[][]; reject: unknown[][] },
  ][] = [
    [
      'an int32 count 1..25',
      {
        schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 25 },
        accept: [
          ['minimum 1', 1],
          ['maximum 25', 25],
        ],
        reject: [
          ['wrong type (string)', 'not a number'],
          ['null where not nullable', null],
          ['minimum 1 - 1', 0],
          ['maximum 25 + 1', 26],
          ['a fraction where an integer is required', 1.5],
        ],
      },
    ],
    [
      'a nullable string 1..3 characters',
      {
        schema: { type: ['string', 'null'], minLength: 1, maxLength: 3 },
        accept: [
          ['minLength 1', 'a'],
          ['maxLength 3', 'aaa'],
        ],
        reject: [
          ['wrong type (integer)', 12345],
          ['minLength 1 - 1', ''],
          ['maxLength 3 + 1', 'aaaa'],
        ],
      },
    ],
    [
      'a patterned reference',
      {
        schema: { type: 'string', pattern: '^[A-Za-z0-9]{1,18}$', examples: ['TestPayment'] },
        current: 'TestPayment',
        accept: [],
        reject: [
          ['wrong type (integer)', 12345],
          ['null where not nullable', null],
          ['pattern ^[A-Za-z0-9]{1,18}$', 'TestPayment!'],
        ],
      },
    ],
    [
      'an enum',
      {
        schema: { type: 'string', enum: ['GBP', 'EUR'] },
        accept: [
          ['enum value "GBP"', 'GBP'],
          ['enum value "EUR"', 'EUR'],
        ],
        reject: [
          ['wrong type (integer)', 12345],
          ['null where not nullable', null],
          ['a value outside the enum', 'NOT_A_LISTED_VALUE'],
        ],
      },
    ],
    [
      'an array of at least one item',
      {
        schema: { type: 'array', minItems: 1, items: { type: 'string', examples: ['US'] } },
        accept: [['minItems 1', ['US']]],
        reject: [
          ['wrong type (integer)', 12345],
          ['null where not nullable', null],
          ['minItems 1 - 1', []],
        ],
      },
    ],
    [
      'a positive number',
      {
        schema: { type: 'number', exclusiveMinimum: 0 },
        accept: [['exclusiveMinimum 0 + 0.01', 0.01]],
        reject: [
          ['wrong type (string)', 'not a number'],
          ['null where not nullable', null],
          ['exclusiveMinimum 0', 0],
        ],
      },
    ],
    [
      'a date',
      {
        schema: { type: 'string', format: 'date' },
        accept: [],
        reject: [
          ['wrong type (integer)', 12345],
          ['null where not nullable', null],
          ['format date', '2026-13-01'],
        ],
      },
    ],
  ];
  it.each(cases)('%s', (_name, { schema, current, accept, reject }) => {
    const probes = probesFor(schema, current);
    expect(summary(probes.accept)).toEqual(accept);
    expect(summary(probes.reject)).toEqual(reject);
  });
});

describe('documentedValue', () => {
  it.each([
    [{ examples: ['a', 'b'] }, 'a'],
    [{ default: 25 }, 25],
    [{ const: 'x' }, 'x'],
    [{ enum: ['GBP'] }, 'GBP'],
    [{ allOf: [{ examples: ['ppd'] }], description: 'ref sibling' }, 'ppd'],
    [{ type: 'string' }, undefined],
  ])('%j → %j', (schema, want) => {
    expect(documentedValue(schema)).toEqual(want);
  });
});

describe('body editing', () => {
  const body = { access_token: 't', options: { count: 5 } };
  it('sets, creates and removes nested values without touching the original', () => {
    expect(withValue(body, ['options', 'count'], 26)).toEqual({ access_token: 't', options: { count: 26 } });
    expect(withValue({}, ['options', 'offset'], 0)).toEqual({ options: { offset: 0 } });
    expect(withoutValue(body, ['access_token'])).toEqual({ options: { count: 5 } });
    expect(valueAt(body, ['options', 'count'])).toBe(5);
    expect(body).toEqual({ access_token: 't', options: { count: 5 } });
  });
});

describe('listFields', () => {
  it('lists top-level fields and the fields of nested objects present in the example', () => {
    const schema = {
      type: 'object',
      required: ['access_token'],
      properties: {
        access_token: { type: 'string' },
        options: { type: 'object', properties: { count: { type: 'integer' } } },
      },
    };
    const fields = (example: unknown) => listFields(schema, example).map((f) => [f.path.join('.'), f.required]);
    expect(fields({ access_token: 't', options: {} })).toEqual([
      ['access_token', true],
      ['options', false],
      ['options.count', false],
    ]);
    expect(fields({ access_token: 't' })).toEqual([
      ['access_token', true],
      ['options', false],
    ]);
  });
});
