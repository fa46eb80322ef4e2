/**
 * The canonical asset report and audit copy of the API reference (spec/README.md, "Canonical
 * example data"): seeded for the default client over the canonical Item, so the docs' examples
 * work against a fresh sandbox.
 */
import type { components } from '@svc/spec/types';

/** The canonical asset report. */
export const CANONICAL_ASSET_REPORT = {
  assetReportId: 'bf3a0490-344c-4620-a219-2693162e4b1d',
  assetReportToken: 'assets-sandbox-6f12f5bb-22dd-4d07-b8b9-3c1c6b7e1a52',
  clientReportId: 'loan-application-4217',
  daysRequested: 90,
  user: {
    client_user_id: 'alberta-charleson-4217',
    first_name: 'Alberta',
    middle_name: 'Bobbeth',
    last_name: 'Charleson',
    ssn: '111-22-1234',
    phone_number: '1112223333',
    email: 'accountholder0@example.com',
  } satisfies components['schemas']['AssetReportUser'],
} as const;

/** The canonical audit copy of the canonical report. */
export const CANONICAL_AUDIT_COPY = {
  auditCopyToken: 'a-sandbox-3TAU2CWVYBDVRHUCAAAI27ULU4',
  auditorId: 'gingham_lending_audit',
} as const;
