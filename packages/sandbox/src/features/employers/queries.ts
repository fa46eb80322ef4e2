/** Reading the seeded employers. */
import type { components } from '@svc/spec/types';
import type { Kysely } from 'kysely';
import { type Database, fromJsonText, type JsonText } from '../../engine/index.js';

/** A seeded employer with its products. */
export interface EmployerRecord {
  employer_id: string;
  name: string;
  address: JsonText<components['schemas']['Address']> | null;
  confidence_score: number;
  products: string[];
}

/** Every seeded employer. */
export async function loadEmployers(db: Kysely<Database>): Promise<EmployerRecord[]> {
  const rows = await db.selectFrom('employers').selectAll().execute();
  return rows.map((row) => ({ ...row, products: fromJsonText(row.products) }));
}
