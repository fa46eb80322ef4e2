/**
 * The tables of applications, their scopes and financial-institution clients.
 */
import type { components } from '@svc/spec/types';
import type { JsonText } from '../../engine/index.js';

type Schemas = components['schemas'];

/** An application (another client of the service) users can connect to their Items (seeded). */
export interface ApplicationsTable {
  application_id: string;
  name: string;
  logo: string | null;
  logo_url: string | null;
  application_url: string | null;
  reason_for_access: string | null;
  /** `YYYY-MM-DD`. */
  created_at: string;
  /** JSON array of strings. */
  product_data_types: string;
  /** JSON `ConnectedApplicationRequestedScopes`. */
  requested_scopes: JsonText<Schemas['ConnectedApplicationRequestedScopes']>;
  /** 1 when the application is connected to every sandbox Item; 0 when to none. */
  connected_to_items: number;
}

/** The scopes a user set for an application on one Item; absent → the connection's default scopes. */
export interface ApplicationScopesTable {
  item_id: string;
  application_id: string;
  client_id: string;
  /** JSON `ApplicationScopes`. */
  scopes: JsonText<Schemas['ApplicationScopes']>;
  updated_at: string;
}

/** The clients set up as financial institutions (they may call `/application/get`). */
export interface FinancialInstitutionClientsTable {
  client_id: string;
  created_at: string;
}

declare module '../../engine/index.js' {
  /** This feature's tables, merged into the store's schema. */
  interface Database {
    application_scopes: ApplicationScopesTable;
    applications: ApplicationsTable;
    financial_institution_clients: FinancialInstitutionClientsTable;
  }
}
