/**
 * `/employers/search`: the seeded employers whose names contain every word of the query and that
 * support the requested products, at most 10, highest confidence first.
 */

import type { components } from '@svc/spec/types';
import { fromJsonText, type HandlerGroup } from '../../engine/index.js';
import { blankQuery } from './errors.js';
import { loadEmployers } from './queries.js';
import { queryWords, searchEmployers } from './search.js';

type Schemas = components['schemas'];

/** The employer handlers. */
export const employerHandlers: HandlerGroup<'employersSearch'> = {
  async employersSearch(request, context) {
    if (queryWords(request.query).length === 0) {
      throw blankQuery();
    }
    const found = searchEmployers(await loadEmployers(context.store.db), request.query, request.products);
    return {
      employers: found.map((employer): Schemas['Employer'] => ({
        employer_id: employer.employer_id,
        name: employer.name,
        address: employer.address ? fromJsonText(employer.address) : null,
        confidence_score: employer.confidence_score,
      })),
    };
  },
};
