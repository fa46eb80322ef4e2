/**
 * The seeded institutions: the canonical ones of the docs, then a deterministic set large enough
 * to exercise every limit (search returns at most 10; `/institutions/get` pages up to 500).
 */

import { CANONICAL_INSTITUTIONS } from '../world/index.js';
import type { InstitutionsTable } from './tables.js';

/** How many institutions are generated besides the canonical ones. */
export const GENERATED_INSTITUTION_COUNT = 1500;

const KINDS = ['Bank', 'Credit Union', 'Savings Bank', 'Trust', 'Building Society', 'Bancorp'];
const PLACES = [
  'Harbor',
  'Prairie',
  'Summit',
  'Lakeside',
  'Meadow',
  'Granite',
  'Willow',
  'Cedar',
  'Riverside',
  'Beacon',
];
const COUNTRIES = [
  ['US'],
  ['US'],
  ['US'],
  ['US', 'CA'],
  ['GB'],
  ['US'],
  ['FR'],
  ['ES'],
  ['US'],
  ['NL'],
  ['IE'],
  ['DE'],
  ['CA'],
];
const PRODUCT_SETS = [
  ['auth', 'balance', 'identity', 'transactions'],
  ['balance', 'transactions'],
  ['assets', 'auth', 'balance', 'identity', 'investments', 'liabilities', 'transactions'],
  ['balance', 'identity', 'payment_initiation', 'transactions'],
  ['investments', 'transactions'],
];

/** Every seeded institution, in list order. */
export function seededInstitutions(): InstitutionsTable[] {
  const canonical = CANONICAL_INSTITUTIONS.map(
    (institution, position): InstitutionsTable => ({
      institution_id: institution.institution_id,
      position,
      name: institution.name,
      country_codes: JSON.stringify(institution.country_codes),
      products: JSON.stringify(institution.products),
      routing_numbers: JSON.stringify(institution.routing_numbers),
      oauth: institution.oauth ? 1 : 0,
      micro_deposit_auth: 0,
      url: institution.url,
      primary_color: institution.primary_color,
      logo: null,
    }),
  );
  const generated = Array.from({ length: GENERATED_INSTITUTION_COUNT }, (_, index): InstitutionsTable => {
    const countries = COUNTRIES[index % COUNTRIES.length] ?? ['US'];
    const products = PRODUCT_SETS[Math.floor(index / 3) % PRODUCT_SETS.length] ?? ['balance'];
    const place = PLACES[index % PLACES.length];
    const kind = KINDS[Math.floor(index / PLACES.length) % KINDS.length];
    const us = countries.includes('US');
    return {
      institution_id: `ins_${200000 + index}`,
      position: canonical.length + index,
      name: `${place} ${kind} ${String(index + 1).padStart(4, '0')}`,
      country_codes: JSON.stringify(countries),
      products: JSON.stringify(products),
      routing_numbers: JSON.stringify(us ? [String(21000000 + index * 7).padStart(9, '0')] : []),
      oauth: index % 4 === 0 ? 1 : 0,
      micro_deposit_auth: !products.includes('auth') && us && index % 2 === 0 ? 1 : 0,
      url: `https://www.${place?.toLowerCase()}-${index + 1}.example`,
      primary_color: `#${((index * 2654435761) >>> 8).toString(16).padStart(6, '0').slice(0, 6)}`,
      logo: null,
    };
  });
  return [...canonical, ...generated];
}
