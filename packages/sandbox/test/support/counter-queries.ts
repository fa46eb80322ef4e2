/**
 * Prepared queries on the `counters` table (a name and a number, and no foreign keys), for the
 * tests of the query layer: the simplest table to write and read back.
 */

import type { CountersTable } from '../../src/engine/store/engine-tables.js';
import { columnsOf, prepareQuery, valuesOf } from '../../src/engine/store/prepared-query.js';

/** The counter `name`, if any. */
export const counterNamed = prepareQuery<{ name: string }, CountersTable>((db, p) =>
  db.selectFrom('counters').selectAll().where('name', '=', p.name),
);

/** Inserts a counter. */
export const insertCounter = prepareQuery<CountersTable, never>((db, p) =>
  db.insertInto('counters').values(valuesOf(p, columnsOf<CountersTable>({ name: true, value: true }))),
);
