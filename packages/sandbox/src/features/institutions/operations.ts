/**
 * `/institutions/search` and `/institutions/get` over the seeded institutions (reference data,
 * read once per store and kept in memory).
 */

import type { HandlerGroup } from '../../engine/index.js';
import { presentInstitution } from './present.js';
import { CLIENT_PRODUCTS, loadInstitutions } from './queries.js';
import { listInstitutions, searchInstitutions } from './search.js';

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
