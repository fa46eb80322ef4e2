/**
 * The employers table (reference data, seeded).
 */
import type { components } from '@svc/spec/types';
import type { JsonText } from '../../engine/index.js';

type Schemas = components['schemas'];

/** An employer known for direct deposit switching (reference data, seeded). */
export interface EmployersTable {
  employer_id: string;
  name: string;
  /** JSON `Address`, or null when unknown. */
  address: JsonText<Schemas['Address']> | null;
  confidence_score: number;
  /** JSON array of the products the employer supports (`deposit_switch`). */
  products: JsonText<string[]>;
}

declare module '../../engine/index.js' {
  /** This feature's tables, merged into the store's schema. */
  interface Database {
    employers: EmployersTable;
  }
}
