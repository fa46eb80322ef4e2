/**
 * Seeds the institutions (reference data).
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../engine/index.js';
import { seededInstitutions } from './institutions.js';

/** Inserts the institutions (reference data) unless they are there already. */
export async function seedInstitutions(trx: Transaction<Database>): Promise<void> {
  const present = await trx.selectFrom('institutions').select('institution_id').limit(1).executeTakeFirst();
  if (present) {
    return;
  }
  const institutions = seededInstitutions();
  for (let start = 0; start < institutions.length; start += 200) {
    await trx
      .insertInto('institutions')
      .values(institutions.slice(start, start + 200))
      .onConflict((conflict) => conflict.column('institution_id').doNothing())
      .execute();
  }
}
