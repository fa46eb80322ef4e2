/**
 * A statement's rows built by a function made for its columns: the same rows as pg's own
 * `Result#parseRow` (keys, their order, parsed values, nulls, repeated names), whatever the
 * columns are named; none made for rows it would not build exactly so.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  type DescribedField,
  rowParserOf,
  type ValueParser,
} from '../../../../src/engine/store/postgres/row-parser.js';

/** pg's `Result`, as far as this test drives it. */
interface PgResult {
  addFields(fields: DescribedField[]): void;
  parseRow(values: (string | null)[]): object;
  _parsers: ValueParser[];
}
const { Result } = pg as unknown as { Result: new () => PgResult };

const INT4 = 23;
const INT8 = 20;
const TEXT = 25;
const TIMESTAMPTZ = 1184;
const JSONB = 3802;
const BOOL = 16;

/** A text-format field named `name` of type `dataTypeID`, as pg-protocol parses a row description. */
const field = (name: string, dataTypeID = TEXT) => ({ name, dataTypeID, format: 'text' });

/** pg's row and ours for `fields` and `values`. */
function bothRows(fields: DescribedField[], values: (string | null)[]) {
  const result = new Result();
  result.addFields(fields);
  const parseRow = rowParserOf(fields, result._parsers);
  if (parseRow === undefined) {
    throw new Error('no row parser made');
  }
  return { theirs: result.parseRow(values), ours: parseRow(values) };
}

describe('rowParserOf', () => {
  it.each([
    [
      'every type the store reads, with nulls',
      [
        field('id', INT4),
        field('count', INT8),
        field('at', TIMESTAMPTZ),
        field('doc', JSONB),
        field('ok', BOOL),
        field('note'),
      ],
      ['7', '9007199254740993', '2026-01-02 03:04:05.678+00', '{"a":[1]}', 't', null],
    ],
    [
      'a name repeated (a join): the last value, the first place',
      [field('id'), field('name'), field('id')],
      ['a', 'n', 'b'],
    ],
    [
      'names a literal would misread',
      [
        field('a"b'),
        field("it's"),
        field('back\\slash'),
        field('*/ end'),
        field('line\nbreak'),
        field('\u2028'),
        field(''),
      ],
      ['1', '2', '3', '4', '5', '6', '7'],
    ],
    ['names of Object.prototype', [field('constructor'), field('toString'), field('hasOwnProperty')], ['1', null, '3']],
    ['no columns', [], []],
  ])('builds the row pg builds: %s', (_case, fields, values) => {
    const { theirs, ours } = bothRows(fields, values);
    expect(ours).toStrictEqual(theirs);
    expect(Object.keys(ours)).toEqual(Object.keys(theirs));
    expect(Object.getPrototypeOf(ours)).toBe(Object.prototype);
  });

  it('builds a new row each time', () => {
    const parseRow = rowParserOf([field('id')], [String]);
    expect(parseRow?.(['1'])).not.toBe(parseRow?.(['1']));
  });

  it.each([
    ['a column in binary format', [{ name: 'id', format: 'binary' }]],
    ['a column named __proto__', [field('id'), field('__proto__')]],
  ])('makes none for %s', (_case, fields) => {
    expect(rowParserOf(fields, [String, String])).toBeUndefined();
  });
});
