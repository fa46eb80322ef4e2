/**
 * Multi-row inserts with bound values, for SQLite: many rows go in statements of a few fixed
 * sizes, largest first, so that each statement text is built once and prepared once (the
 * statement cache keeps it), and no query is built or compiled per call. Binding values is
 * several times cheaper on SQLite than building and compiling a query of as many rows.
 */
import { CompiledQuery } from 'kysely';

/** SQLite's most bound values in one statement (its default limit). */
const MOST_VALUES = 32_766;

/**
 * The inserts of rows into `table` (their `columns`, in order), in statements of `chunkSizes`
 * rows (largest first; the last must be 1 so that any number of rows fits). The table and
 * column names are quoted like every statement of the query builder, so the read cache
 * (`sqlite/read-cache.ts`) sees which table a statement writes.
 */
export function boundInserts<Row>(
  table: string,
  columns: readonly (keyof Row & string)[],
  chunkSizes: readonly number[],
): (rows: readonly Row[]) => CompiledQuery[] {
  const sizes = [...chunkSizes].sort((a, b) => b - a);
  if (sizes.at(-1) !== 1 || (sizes[0] ?? 0) * columns.length > MOST_VALUES) {
    throw new RangeError(`chunk sizes ${chunkSizes.join(', ')} must end with 1 and bind at most ${MOST_VALUES} values`);
  }
  const row = `(${columns.map(() => '?').join(', ')})`;
  const head = `insert into "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) values `;
  const texts = new Map(sizes.map((size) => [size, head + Array.from({ length: size }, () => row).join(', ')]));
  return (rows) => {
    const statements: CompiledQuery[] = [];
    let next = 0;
    for (const size of sizes) {
      while (rows.length - next >= size) {
        const parameters: unknown[] = [];
        for (let index = next; index < next + size; index++) {
          const values = rows[index] as Row;
          for (const column of columns) {
            parameters.push(values[column]);
          }
        }
        statements.push(CompiledQuery.raw(texts.get(size) as string, parameters));
        next += size;
      }
    }
    return statements;
  };
}
