/**
 * The seeded institutions, read once per store and kept in memory (reference data).
 */

import type { components } from '@svc/spec/types';
import type { Store } from '../../engine/index.js';
import type { InstitutionFacts } from './search.js';
import type { InstitutionsTable } from './tables.js';

type Product = components['schemas']['Product'];

/** The products every sandbox client is enabled for. */
export const CLIENT_PRODUCTS: readonly Product[] = [
  'assets',
  'auth',
  'balance',
  'identity',
  'investments',
  'liabilities',
  'payment_initiation',
  'transactions',
];

type Loaded = InstitutionFacts & { row: InstitutionsTable };

const cache = new WeakMap<Store, Promise<Loaded[]>>();

/** The seeded institutions in list order, read once per store. */
export function loadInstitutions(store: Store): Promise<Loaded[]> {
  let loaded = cache.get(store);
  if (!loaded) {
    loaded = store.db
      .selectFrom('institutions')
      .selectAll()
      .orderBy('position')
      .execute()
      .then((rows) =>
        rows.map((row) => ({
          row,
          institution_id: row.institution_id,
          name: row.name,
          country_codes: JSON.parse(row.country_codes) as string[],
          products: JSON.parse(row.products) as string[],
          routing_numbers: JSON.parse(row.routing_numbers) as string[],
          oauth: row.oauth === 1,
          micro_deposit_auth: row.micro_deposit_auth === 1,
        })),
      );
    loaded.catch(() => cache.delete(store));
    cache.set(store, loaded);
  }
  return loaded;
}
