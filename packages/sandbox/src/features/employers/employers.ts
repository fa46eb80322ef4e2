/**
 * The employers known to the sandbox for direct deposit switching: the two of the API reference's
 * examples, then a deterministic set large enough that a search for "Gingham" has more matches
 * than the 10 a search returns, and a few employers that do not support deposit switching (never
 * returned, since `deposit_switch` is required).
 */
import type { components } from '@svc/spec/types';
import { toJsonText } from '../../engine/index.js';
import type { EmployersTable } from './tables.js';

type Address = components['schemas']['Address'];

/** An employer as seeded. */
interface SeedEmployer {
  employer_id: string;
  name: string;
  address: Address | null;
  confidence_score: number;
  products: string[];
}

const CANONICAL: readonly SeedEmployer[] = [
  {
    employer_id: 'emp_1073',
    name: 'Gingham Logistics Inc.',
    address: { street: '400 Harbor Way', city: 'Malakoff', region: 'NY', postal_code: '14236', country: 'US' },
    confidence_score: 0.92,
    products: ['deposit_switch'],
  },
  {
    employer_id: 'emp_2291',
    name: 'Gingham & Sons Bakery',
    address: null,
    confidence_score: 0.61,
    products: ['deposit_switch'],
  },
];

const TRADES = [
  'Foods',
  'Health',
  'Hardware',
  'Motors',
  'Textiles',
  'Consulting',
  'Energy',
  'Media',
  'Logistics',
  'Software',
];
const PREFIXES = ['Gingham', 'Plaidwell', 'Tartan', 'Harbor', 'Cedar'];
const CITIES: readonly Pick<Address, 'city' | 'region' | 'postal_code'>[] = [
  { city: 'Malakoff', region: 'NY', postal_code: '14236' },
  { city: 'Springfield', region: 'IL', postal_code: '62701' },
  { city: 'Austin', region: 'TX', postal_code: '78701' },
  { city: 'Portland', region: 'OR', postal_code: '97201' },
];

/** The generated employers: every prefix with every trade (50), in a fixed order. */
function generated(): SeedEmployer[] {
  const employers: SeedEmployer[] = [];
  PREFIXES.forEach((prefix, p) => {
    TRADES.forEach((trade, t) => {
      const index = p * TRADES.length + t;
      const place = CITIES[index % CITIES.length] ?? { city: null, region: null, postal_code: null };
      employers.push({
        employer_id: `emp_${3000 + index}`,
        name: `${prefix} ${trade} ${index % 3 === 0 ? 'LLC' : 'Co.'}`,
        address: index % 5 === 4 ? null : { street: `${100 + index * 7} Main Street`, ...place, country: 'US' },
        // Spread over 0.20..0.89, distinct within a prefix, so the order is stable and meaningful.
        confidence_score: Math.round((0.2 + ((index * 37) % 70) / 100) * 100) / 100,
        // Every seventh employer does not support deposit switching.
        products: index % 7 === 6 ? [] : ['deposit_switch'],
      });
    });
  });
  return employers;
}

/** Every seeded employer, as rows. */
export function seededEmployers(): EmployersTable[] {
  return [...CANONICAL, ...generated()].map((employer) => ({
    employer_id: employer.employer_id,
    name: employer.name,
    address: employer.address ? toJsonText(employer.address) : null,
    confidence_score: employer.confidence_score,
    products: toJsonText([...employer.products]),
  }));
}
