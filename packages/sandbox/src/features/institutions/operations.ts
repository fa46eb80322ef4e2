/**
 * `/institutions/search` and `/institutions/get` over the seeded institutions (reference data,
 * read once per store and kept in memory).
 */

import type { components } from '@svc/client';
import type { HandlerGroup } from '../../engine/handler-types.js';
import type { InstitutionsTable } from '../../engine/store/database.js';
import type { Store } from '../../engine/store/open-store.js';
import { presentInstitution } from '../items/present.js';
import { type InstitutionFacts, listInstitutions, searchInstitutions } from './search.js';

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

/** The institution handlers. */
export const institutionHandlers: HandlerGroup<'institutionsSearch' | 'institutionsGet'> = {
  async institutionsSearch(request, context) {
    const found = searchInstitutions(await loadInstitutions(context.store), {
      query: request.query,
      products: request.products ?? null,
      country_codes: request.country_codes,
      oauth: request.options?.oauth,
      clientMicroDepositAuth: context.client.micro_deposit_auth === 1,
    });
    const metadata = request.options?.include_optional_metadata === true;
    return { institutions: found.map((institution) => presentInstitution(institution.row, metadata)) };
  },

  async institutionsGet(request, context) {
    const { page, total } = listInstitutions(await loadInstitutions(context.store), {
      count: request.count,
      offset: request.offset,
      country_codes: request.country_codes,
      products: request.options?.products,
      routing_numbers: request.options?.routing_numbers,
      oauth: request.options?.oauth,
      clientProducts: CLIENT_PRODUCTS,
      clientMicroDepositAuth: context.client.micro_deposit_auth === 1,
    });
    const metadata = request.options?.include_optional_metadata === true;
    return { institutions: page.map((institution) => presentInstitution(institution.row, metadata)), total };
  },
};
