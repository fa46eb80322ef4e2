/**
 * Seeds the employers (reference data). Inserts skip rows that exist.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../engine/index.js';
import { seededEmployers } from './employers.js';

/** Inserts the seeded employers unless they are there already. */
export async function seedEmployers(trx: Transaction<Database>): Promise<void> {
  await trx
    .insertInto('employers')
    .values(seededEmployers())
    .onConflict((conflict) => conflict.column('employer_id').doNothing())
    .execute();
}
