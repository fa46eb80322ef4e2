/**
 * Column types shared by the tables of several features.
 */
import type { ColumnType } from 'kysely';

/** A `bigint` column: a number in SQLite, a string from PostgreSQL; written as a number. */
export type BigIntColumn = ColumnType<number | string, number, number>;
