/** How many rows a table holds: what a test compares before and after a refused request. */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/engine/store/database.js';

/** The number of rows of `table`. */
export async function rowCount(db: Kysely<Database>, table: keyof Database): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
