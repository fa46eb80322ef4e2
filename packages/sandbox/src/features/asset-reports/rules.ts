/**
 * The rules of asset reports, as pure functions over what was read: each returns the refusal
 * that applies, or null when the call may go on. The operations raise a refusal through
 * `assetReportRefusalError` (errors.ts), the one place its wording lives.
 */
import { fromJsonText, type Outcome, refused } from '../../engine/index.js';
import type { LiveItem } from '../items/index.js';

/** A refusal of an asset report operation: its error code and what the message names. */
export type AssetReportRefusal =
  /** Entry `index` of `access_tokens` is not a valid access token of the client. */
  | { code: 'INVALID_ACCESS_TOKEN'; index: number }
  /** The Item of entry `index` was not created with the assets product. */
  | { code: 'PRODUCTS_NOT_SUPPORTED'; index: number }
  | { code: 'INVALID_ASSET_REPORT_TOKEN' }
  | { code: 'INVALID_AUDITOR_ID'; auditorId: string }
  /** `not-owner`: the token is valid but only its owner may remove it. */
  | { code: 'INVALID_AUDIT_COPY_TOKEN'; problem: 'unknown' | 'not-owner' };

/**
 * The Item of entry `index` of `access_tokens` (undefined when the token is not a valid access
 * token of the client), if it can be in a report: it was created with the assets product.
 */
export function reportItem<T extends Pick<LiveItem, 'products'>>(
  item: T | undefined,
  index: number,
): Outcome<T, AssetReportRefusal> {
  if (!item) {
    return refused({ code: 'INVALID_ACCESS_TOKEN', index });
  }
  return fromJsonText(item.products).includes('assets')
    ? { ok: true, value: item }
    : refused({ code: 'PRODUCTS_NOT_SUPPORTED', index });
}

/** The report an audit copy is made of (undefined when the token names none), if the auditor is known. */
export function auditedReport<T>(
  report: T | undefined,
  auditorId: string,
  auditorKnown: boolean,
): Outcome<T, AssetReportRefusal> {
  if (report === undefined) {
    return refused({ code: 'INVALID_ASSET_REPORT_TOKEN' });
  }
  return auditorKnown ? { ok: true, value: report } : refused({ code: 'INVALID_AUDITOR_ID', auditorId });
}

/**
 * Why an audit copy was not removed: a live copy of another client's report cannot be removed
 * by the caller; anything else is an unknown (or removed) copy.
 */
export function removalRefusal(liveCopyOfAnotherClient: boolean): AssetReportRefusal {
  return { code: 'INVALID_AUDIT_COPY_TOKEN', problem: liveCopyOfAnotherClient ? 'not-owner' : 'unknown' };
}
