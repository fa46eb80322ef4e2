/**
 * The stored row of a newly generated asset report, and the API's view of a stored one.
 */
import type { components } from '@svc/spec/types';
import { fromJsonText, toJsonText } from '../../engine/index.js';
import { buildAssetReport, type ReportSource } from './report.js';
import type { AssetReportsTable } from './tables.js';

type Schemas = components['schemas'];

/** What a new report row is made of besides its generated content. */
export interface NewReport {
  assetReportId: string;
  assetReportToken: string;
  clientId: string;
  clientReportId: string | null;
  daysRequested: number;
  user: Schemas['AssetReportUser'];
  generatedAt: Date;
}

/** The row of a report generated at `report.generatedAt` over `sources`. */
export function reportRow(report: NewReport, sources: readonly ReportSource[]): AssetReportsTable {
  const generated = buildAssetReport({ sources, daysRequested: report.daysRequested, generatedAt: report.generatedAt });
  return {
    asset_report_id: report.assetReportId,
    client_id: report.clientId,
    asset_report_token: report.assetReportToken,
    client_report_id: report.clientReportId,
    days_requested: report.daysRequested,
    user: toJsonText(report.user),
    items: toJsonText(generated.items),
    warnings: toJsonText(generated.warnings),
    generated_at: report.generatedAt.toISOString(),
  };
}

/** The `report` and `warnings` of `/asset_report/audit_copy/get` for a stored report. */
export function presentReport(row: AssetReportsTable): {
  report: Schemas['AssetReport'];
  warnings: Schemas['AssetReportWarning'][];
} {
  return {
    report: {
      asset_report_id: row.asset_report_id,
      client_report_id: row.client_report_id,
      date_generated: row.generated_at,
      days_requested: row.days_requested,
      user: fromJsonText(row.user),
      items: fromJsonText(row.items),
    },
    warnings: fromJsonText(row.warnings),
  };
}
