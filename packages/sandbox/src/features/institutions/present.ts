/**
 * A stored institution as the API's `Institution` object.
 */

import type { components } from '@svc/spec/types';
import type { InstitutionsTable } from './tables.js';

type Schemas = components['schemas'];

/** The `Institution` object of a stored institution; the optional metadata only when asked for. */
export function presentInstitution(row: InstitutionsTable, withMetadata: boolean): Schemas['Institution'] {
  const institution: Schemas['Institution'] = {
    institution_id: row.institution_id,
    name: row.name,
    country_codes: JSON.parse(row.country_codes),
    products: JSON.parse(row.products),
    routing_numbers: JSON.parse(row.routing_numbers),
    oauth: row.oauth === 1,
  };
  return withMetadata
    ? { ...institution, url: row.url, primary_color: row.primary_color, logo: row.logo }
    : institution;
}
