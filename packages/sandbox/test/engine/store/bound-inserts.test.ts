/**
 * Bound multi-row inserts (`bound-inserts.ts`): rows go in statements of the fixed sizes, largest
 * first, each size with one statement text, values in column order; sizes that cannot hold every
 * number of rows, or bind more values than SQLite takes, are refused.
 */
import { describe, expect, it } from 'vitest';
import { boundInserts } from '../../../src/engine/store/bound-inserts.js';

type Row = { a: number; b: string };
const inserts = boundInserts<Row>('things', ['a', 'b'], [5, 2, 1]);
const rowsOf = (count: number): Row[] => Array.from({ length: count }, (_, index) => ({ a: index, b: `r${index}` }));

describe('bound inserts', () => {
  it.each([
    { rows: 0, sizes: [] },
    { rows: 1, sizes: [1] },
    { rows: 4, sizes: [2, 2] },
    { rows: 5, sizes: [5] },
    { rows: 13, sizes: [5, 5, 2, 1] },
  ])('puts $rows rows in statements of $sizes rows', ({ rows, sizes }) => {
    const statements = inserts(rowsOf(rows));
    expect(statements.map((statement) => statement.parameters.length / 2)).toEqual(sizes);
    expect(statements.flatMap((statement) => statement.parameters)).toEqual(
      rowsOf(rows).flatMap((row) => [row.a, row.b]),
    );
  });

  it('writes one quoted statement text per size', () => {
    const [five, two] = inserts(rowsOf(7));
    expect(five?.sql).toBe(`insert into "things" ("a", "b") values ${Array(5).fill('(?, ?)').join(', ')}`);
    expect(two?.sql).toBe('insert into "things" ("a", "b") values (?, ?), (?, ?)');
    expect(inserts(rowsOf(5))[0]?.sql).toBe(five?.sql);
  });

  it.each([[[5, 2]], [[40_000, 1]]])('refuses the chunk sizes %j', (sizes) => {
    expect(() => boundInserts<Row>('things', ['a', 'b'], sizes)).toThrow(RangeError);
  });
});
