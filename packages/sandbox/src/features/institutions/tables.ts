/**
 * The institutions table (reference data, seeded).
 */

/** A supported institution (reference data, seeded). */
export interface InstitutionsTable {
  institution_id: string;
  position: number;
  name: string;
  /** JSON array of ISO 3166-1 alpha-2 codes. */
  country_codes: string;
  /** JSON array of products. */
  products: string;
  /** JSON array of routing numbers. */
  routing_numbers: string;
  oauth: number;
  /** 1 when the institution supports Instant Match or Automated Micro-deposits (auth without `auth`). */
  micro_deposit_auth: number;
  url: string | null;
  primary_color: string | null;
  logo: string | null;
}

declare module '../../engine/index.js' {
  /** This feature's tables, merged into the store's schema. */
  interface Database {
    institutions: InstitutionsTable;
  }
}
