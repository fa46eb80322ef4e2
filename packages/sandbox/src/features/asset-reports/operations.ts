/**
 * Asset reports: `/sandbox/asset_report/create` generates a report over Items created with the
 * `assets` product; its owner makes audit copies for auditors, anyone holding a copy's token reads
 * it, and the owner removes it (the token is refused for every holder afterwards, while the Items,
 * the report and other copies stay reachable).
 */

import { finishWith, type HandlerGroup, orRefuse, together } from '../../engine/index.js';
import { checkLogin, type LiveItem } from '../items/index.js';
import { assetReportRefusalError } from './errors.js';
import {
  auditorStatement,
  insertAssetReport,
  insertAuditCopy,
  liveAuditCopy,
  readReportTokens,
  removeAuditCopy,
  reportOfTokenStatement,
} from './queries.js';
import type { ReportSource } from './report.js';
import { presentReport, reportRow } from './report-row.js';
import { auditedReport, removalRefusal, reportItem } from './rules.js';
import { newAssetReportId, newAssetReportToken, newAuditCopyToken } from './tokens.js';
import { reportUser } from './user.js';

/** The Item of entry `index` of `access_tokens`, checked for the report: live, logged in, with `assets`. */
function checkReportItem(item: LiveItem | undefined, index: number): LiveItem {
  const reportable = orRefuse(reportItem(item, index), assetReportRefusalError);
  checkLogin(reportable);
  return reportable;
}

/** The asset report handlers. */
export const assetReportHandlers: HandlerGroup<
  'sandboxAssetReportCreate' | 'assetReportAuditCopyCreate' | 'assetReportAuditCopyGet' | 'assetReportAuditCopyRemove'
> = {
  async sandboxAssetReportCreate(request, context) {
    const clientId = context.client.client_id;
    return context.store.transaction(async (trx) => {
      // Round trip 1 (with the begin): every token's Item and what its part of the report is made of.
      const read = await readReportTokens(trx, clientId, request.access_tokens);
      const sources = read.map((entry, index): ReportSource => {
        const item = checkReportItem(entry.item, index);
        const source = {
          item,
          institutionName: entry.institutionName ?? item.institution_id,
          accounts: entry.accounts,
        };
        return entry.transactions ? { ...source, transactions: entry.transactions } : source;
      });
      const row = reportRow(
        {
          assetReportId: newAssetReportId(),
          assetReportToken: newAssetReportToken(),
          clientId,
          clientReportId: request.options?.client_report_id ?? null,
          daysRequested: request.days_requested,
          user: reportUser(request.options?.user),
          generatedAt: context.now,
        },
        sources,
      );
      // Round trip 2: the report, with the commit.
      await finishWith(trx, () => insertAssetReport(trx, row));
      return { asset_report_token: row.asset_report_token, asset_report_id: row.asset_report_id };
    });
  },

  async assetReportAuditCopyCreate(request, context) {
    const clientId = context.client.client_id;
    return context.store.transaction(async (trx) => {
      // Round trip 1 (with the begin): the report and the auditor.
      const [reports, auditors] = await together(trx, [
        reportOfTokenStatement(trx, clientId, request.asset_report_token),
        auditorStatement(trx, request.auditor_id),
      ]);
      const report = orRefuse(
        auditedReport(reports.rows[0], request.auditor_id, auditors.rows.length > 0),
        assetReportRefusalError,
      );
      const token = newAuditCopyToken();
      // Round trip 2: the copy, with the commit.
      await finishWith(trx, () =>
        insertAuditCopy(trx, {
          audit_copy_token: token,
          asset_report_id: report.asset_report_id,
          client_id: clientId,
          auditor_id: request.auditor_id,
          created_at: context.now.toISOString(),
          removed_at: null,
        }),
      );
      return { audit_copy_token: token };
    });
  },

  async assetReportAuditCopyGet(request, context) {
    const found = await liveAuditCopy(context.store.db, request.audit_copy_token);
    if (!found) {
      throw assetReportRefusalError(removalRefusal(false));
    }
    return presentReport(found.report);
  },

  async assetReportAuditCopyRemove(request, context) {
    return context.store.transaction(async (trx) => {
      if (await removeAuditCopy(trx, context.client.client_id, request.audit_copy_token, context.now.toISOString())) {
        return { removed: true as const };
      }
      const live = (await liveAuditCopy(trx, request.audit_copy_token)) !== undefined;
      throw assetReportRefusalError(removalRefusal(live));
    });
  },
};
