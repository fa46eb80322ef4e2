/**
 * Asset reports: `/sandbox/asset_report/create` generates a report over Items created with the
 * `assets` product; its owner makes audit copies for auditors, anyone holding a copy's token reads
 * it, and the owner removes it (the token is refused for every holder afterwards, while the Items,
 * the report and other copies stay reachable).
 */

import { invalidInput, type SandboxError } from '../../engine/errors/sandbox-error.js';
import type { HandlerGroup } from '../../engine/handler-types.js';
import { checkLogin, invalidAccessToken, type LiveItem, liveToken, productsNotSupported } from '../items/index.js';
import {
  auditorExists,
  insertAssetReport,
  insertAuditCopy,
  liveAuditCopy,
  removeAuditCopy,
  reportOfToken,
  reportSources,
} from './queries.js';
import { presentReport, reportRow } from './report-row.js';
import { newAssetReportId, newAssetReportToken, newAuditCopyToken } from './tokens.js';
import { reportUser } from './user.js';

/** Why an audit copy token is refused. */
type AuditCopyProblem = 'unknown' | 'not-owner';

/** `INVALID_AUDIT_COPY_TOKEN`: the token is unknown or was removed, or (to remove it) the caller does not own it. */
function invalidAuditCopyToken(problem: AuditCopyProblem): SandboxError {
  return problem === 'unknown'
    ? invalidInput(
        'INVALID_AUDIT_COPY_TOKEN',
        'audit_copy_token is not a valid audit copy token: it is unknown or the audit copy was removed',
        'Ask the owner of the asset report for a new audit copy.',
      )
    : invalidInput(
        'INVALID_AUDIT_COPY_TOKEN',
        'audit_copy_token is not a valid audit copy token of this client: only the owner of the asset report can remove it',
        'Ask the owner of the asset report to remove the audit copy.',
      );
}

/** The Item of entry `index` of `access_tokens`, checked for the report: live, logged in, with `assets`. */
function checkReportItem(item: LiveItem | undefined, index: number): LiveItem {
  if (!item) {
    throw invalidAccessToken(`access_tokens[${index}]`);
  }
  if (!(JSON.parse(item.products) as string[]).includes('assets')) {
    throw productsNotSupported({ reason: 'not-initial', field: `access_tokens[${index}]`, product: 'assets' });
  }
  checkLogin(item);
  return item;
}

/** The asset report handlers. */
export const assetReportHandlers: HandlerGroup<
  'sandboxAssetReportCreate' | 'assetReportAuditCopyCreate' | 'assetReportAuditCopyGet' | 'assetReportAuditCopyRemove'
> = {
  async sandboxAssetReportCreate(request, context) {
    const clientId = context.client.client_id;
    return context.store.transaction(async (trx) => {
      const items: LiveItem[] = [];
      for (const [index, token] of request.access_tokens.entries()) {
        const found = await liveToken(trx, clientId, token, 'access');
        items.push(checkReportItem(found?.item, index));
      }
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
        await reportSources(trx, items),
      );
      await insertAssetReport(trx, row);
      return { asset_report_token: row.asset_report_token, asset_report_id: row.asset_report_id };
    });
  },

  async assetReportAuditCopyCreate(request, context) {
    const clientId = context.client.client_id;
    return context.store.transaction(async (trx) => {
      const report = await reportOfToken(trx, clientId, request.asset_report_token);
      if (!report) {
        throw invalidInput(
          'INVALID_ASSET_REPORT_TOKEN',
          'asset_report_token is not a valid asset report token: it is unknown or does not belong to this client',
          'Use the asset_report_token returned when your report was generated (in the sandbox, by /sandbox/asset_report/create).',
        );
      }
      if (!(await auditorExists(trx, request.auditor_id))) {
        throw invalidInput(
          'INVALID_AUDITOR_ID',
          `auditor_id is not a known auditor: ${request.auditor_id}`,
          'Use the auditor id the service assigned to your auditor (in the sandbox, for example gingham_lending_audit).',
        );
      }
      const token = newAuditCopyToken();
      await insertAuditCopy(trx, {
        audit_copy_token: token,
        asset_report_id: report.asset_report_id,
        client_id: clientId,
        auditor_id: request.auditor_id,
        created_at: context.now.toISOString(),
        removed_at: null,
      });
      return { audit_copy_token: token };
    });
  },

  async assetReportAuditCopyGet(request, context) {
    const found = await liveAuditCopy(context.store.db, request.audit_copy_token);
    if (!found) {
      throw invalidAuditCopyToken('unknown');
    }
    return presentReport(found.report);
  },

  async assetReportAuditCopyRemove(request, context) {
    return context.store.transaction(async (trx) => {
      if (await removeAuditCopy(trx, context.client.client_id, request.audit_copy_token, context.now.toISOString())) {
        return { removed: true as const };
      }
      if (await liveAuditCopy(trx, request.audit_copy_token)) {
        throw invalidAuditCopyToken('not-owner');
      }
      throw invalidAuditCopyToken('unknown');
    });
  },
};
