/**
 * The errors of asset reports, each worded in one place: a refusal of the rules (rules.ts) as the
 * API's error. Tokens and products of Items are worded by the items feature.
 */
import { invalidInput, type SandboxError } from '../../engine/index.js';
import { invalidAccessToken, productsNotSupported } from '../items/index.js';
import type { AssetReportRefusal } from './rules.js';

/** The error answering `refusal`. */
export function assetReportRefusalError(refusal: AssetReportRefusal): SandboxError {
  switch (refusal.code) {
    case 'INVALID_ACCESS_TOKEN':
      return invalidAccessToken(`access_tokens[${refusal.index}]`);
    case 'PRODUCTS_NOT_SUPPORTED':
      return productsNotSupported({
        reason: 'not-initial',
        field: `access_tokens[${refusal.index}]`,
        product: 'assets',
      });
    case 'INVALID_ASSET_REPORT_TOKEN':
      return invalidInput(
        refusal.code,
        'asset_report_token is not a valid asset report token: it is unknown or does not belong to this client',
        'Use the asset_report_token returned when your report was generated (in the sandbox, by /sandbox/asset_report/create).',
      );
    case 'INVALID_AUDITOR_ID':
      return invalidInput(
        refusal.code,
        `auditor_id is not a known auditor: ${refusal.auditorId}`,
        'Use the auditor id the service assigned to your auditor (in the sandbox, for example gingham_lending_audit).',
      );
    case 'INVALID_AUDIT_COPY_TOKEN':
      return refusal.problem === 'unknown'
        ? invalidInput(
            refusal.code,
            'audit_copy_token is not a valid audit copy token: it is unknown or the audit copy was removed',
            'Ask the owner of the asset report for a new audit copy.',
          )
        : invalidInput(
            refusal.code,
            'audit_copy_token is not a valid audit copy token of this client: only the owner of the asset report can remove it',
            'Ask the owner of the asset report to remove the audit copy.',
          );
  }
}
