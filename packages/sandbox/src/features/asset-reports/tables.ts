/**
 * The tables of asset reports, signal, employers and connected applications (migration 0005).
 * JSON columns hold the API's objects as text.
 */
import type { components } from '@svc/spec/types';
import type { JsonText } from '../../engine/index.js';

type Schemas = components['schemas'];

/** An auditor that audit copies can be made for (reference data, seeded). */
export interface AuditorsTable {
  auditor_id: string;
  name: string;
}

/** A generated asset report: a snapshot owned by the client that had it generated. */
export interface AssetReportsTable {
  asset_report_id: string;
  client_id: string;
  /** `assets-sandbox-<uuid>`: the owner's handle on the report. */
  asset_report_token: string;
  client_report_id: string | null;
  days_requested: number;
  /** JSON `AssetReportUser`. */
  user: JsonText<Schemas['AssetReportUser']>;
  /** JSON array of `AssetReportItem`: the snapshot. */
  items: JsonText<Schemas['AssetReportItem'][]>;
  /** JSON array of `AssetReportWarning`. */
  warnings: JsonText<Schemas['AssetReportWarning'][]>;
  generated_at: string;
}

/** An audit copy of a report, readable by whoever holds its token until its owner removes it. */
export interface AssetReportAuditCopiesTable {
  /** `a-sandbox-<identifier>`. */
  audit_copy_token: string;
  asset_report_id: string;
  /** The owner: the client that created the copy (the report's owner). */
  client_id: string;
  auditor_id: string;
  created_at: string;
  /** Set by `/asset_report/audit_copy/remove`: the token is refused afterwards. */
  removed_at: string | null;
}

declare module '../../engine/index.js' {
  /** This feature's tables, merged into the store's schema. */
  interface Database {
    asset_report_audit_copies: AssetReportAuditCopiesTable;
    asset_reports: AssetReportsTable;
    auditors: AuditorsTable;
  }
}
