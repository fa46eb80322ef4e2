/**
 * The applications (other clients of the service) sandbox users connect to their Items.
 * "Gingham Budget" is the connected application of the API reference: it is connected to every
 * sandbox Item, so `/item/application/list` and `/item/application/scopes/update` work on any
 * Item. "Gingham Invest" is registered but connected to no Item, so `/application/get` can read
 * it while the Item operations answer `INVALID_APPLICATION_ID` for it.
 */
import type { components } from '@svc/spec/types';
import { fromJsonText, toJsonText } from '../../engine/index.js';
import type { ApplicationsTable } from './tables.js';

type Schemas = components['schemas'];

/** The canonical connected application of the docs. */
export const CANONICAL_APPLICATION_ID = 'app_9Zk3Qw7Lm2Pd4Xr8Vt6Ny1Bc';

/** An application as seeded. */
interface SeedApplication {
  application: Omit<Schemas['ConnectedApplication'], 'scopes'>;
  connectedToItems: boolean;
}

const APPLICATIONS: readonly SeedApplication[] = [
  {
    connectedToItems: true,
    application: {
      application_id: CANONICAL_APPLICATION_ID,
      name: 'Gingham Budget',
      logo: null,
      logo_url: 'https://www.example.com/gingham-budget/logo.png',
      application_url: 'https://www.example.com/gingham-budget',
      reason_for_access: 'Shows your spending by category and warns you before a low balance.',
      created_at: '2026-11-03',
      product_data_types: ['ACCOUNT_BALANCE'],
      requested_scopes: {
        required_product_access: { statements: false, identity: false, auth: true, transactions: true },
        optional_product_access: { statements: false, identity: true, auth: false, transactions: false },
        account_filters: { depository: ['checking', 'savings'], credit: [], loan: [], investment: [] },
        account_selection_cardinality: 'SINGLE_SELECT',
      },
    },
  },
  {
    connectedToItems: false,
    application: {
      application_id: 'app_7Tq4Mn8Zx2Lr5Wk9Hd3Pv6Sb',
      name: 'Gingham Invest',
      logo: null,
      logo_url: 'https://www.example.com/gingham-invest/logo.png',
      application_url: 'https://www.example.com/gingham-invest',
      reason_for_access: 'Tracks your retirement savings and the fees you pay on them.',
      created_at: '2026-11-10',
      product_data_types: ['ACCOUNT_BALANCE', 'INVESTMENT_HOLDINGS'],
      requested_scopes: {
        required_product_access: { statements: false, identity: false, auth: false, transactions: true },
        optional_product_access: { statements: true, identity: true, auth: false, transactions: false },
        account_filters: { depository: [], credit: [], loan: [], investment: ['ira', '401k'] },
        account_selection_cardinality: 'MULTI_SELECT',
      },
    },
  },
];

/** Every seeded application, as rows. */
export function seededApplications(): ApplicationsTable[] {
  return APPLICATIONS.map(({ application, connectedToItems }) => ({
    application_id: application.application_id,
    name: application.name,
    logo: application.logo,
    logo_url: application.logo_url,
    application_url: application.application_url,
    reason_for_access: application.reason_for_access,
    created_at: application.created_at,
    product_data_types: JSON.stringify(application.product_data_types),
    requested_scopes: toJsonText(application.requested_scopes),
    connected_to_items: connectedToItems ? 1 : 0,
  }));
}

/** The `ConnectedApplication` of a stored application, with `scopes` (null where no Item is in context). */
export function presentApplication(
  row: ApplicationsTable,
  scopes: Schemas['ApplicationScopes'] | null,
): Schemas['ConnectedApplication'] {
  return {
    application_id: row.application_id,
    name: row.name,
    logo: row.logo,
    logo_url: row.logo_url,
    application_url: row.application_url,
    reason_for_access: row.reason_for_access,
    created_at: row.created_at,
    product_data_types: JSON.parse(row.product_data_types) as string[],
    scopes,
    requested_scopes: fromJsonText(row.requested_scopes),
  };
}

/** Applications oldest `created_at` first (ties by id), the order of `/item/application/list`. */
export function oldestFirst<T extends Pick<ApplicationsTable, 'created_at' | 'application_id'>>(
  rows: readonly T[],
): T[] {
  return [...rows].sort((a, b) =>
    a.created_at === b.created_at
      ? a.application_id.localeCompare(b.application_id, 'en')
      : a.created_at.localeCompare(b.created_at, 'en'),
  );
}
