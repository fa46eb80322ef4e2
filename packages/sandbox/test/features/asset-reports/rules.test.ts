import { describe, expect, it } from 'vitest';
import { toJsonText } from '../../../src/engine/json-text.js';
import { assetReportRefusalError } from '../../../src/features/asset-reports/errors.js';
import {
  type AssetReportRefusal,
  auditedReport,
  removalRefusal,
  reportItem,
} from '../../../src/features/asset-reports/rules.js';

const itemWith = (...products: ('assets' | 'auth')[]) => ({ products: toJsonText(products) });

describe('asset report rules', () => {
  it.each([
    ['an Item created with assets', itemWith('auth', 'assets'), null],
    ['an Item created without assets', itemWith('auth'), { code: 'PRODUCTS_NOT_SUPPORTED', index: 2 }],
    ['no Item', undefined, { code: 'INVALID_ACCESS_TOKEN', index: 2 }],
  ])('%s', (_name, item, refusal) => {
    expect(reportItem(item, 2)).toEqual(refusal ? { ok: false, refusal } : { ok: true, value: item });
  });

  it.each([
    ['a report and a known auditor', 'report', true, null],
    ['a report and an unknown auditor', 'report', false, { code: 'INVALID_AUDITOR_ID', auditorId: 'aud' }],
    ['no report (wins over the auditor)', undefined, false, { code: 'INVALID_ASSET_REPORT_TOKEN' }],
  ])('%s', (_name, report, known, refusal) => {
    expect(auditedReport(report, 'aud', known)).toEqual(refusal ? { ok: false, refusal } : { ok: true, value: report });
  });

  it.each([
    [true, 'not-owner'],
    [false, 'unknown'],
  ] as const)('a copy not removed (live copy of another client: %s) is %s', (live, problem) => {
    expect(removalRefusal(live)).toEqual({ code: 'INVALID_AUDIT_COPY_TOKEN', problem });
  });

  it.each<[AssetReportRefusal, string, string]>([
    [{ code: 'INVALID_ACCESS_TOKEN', index: 1 }, 'INVALID_INPUT', 'access_tokens[1] is not a valid access token'],
    [
      { code: 'PRODUCTS_NOT_SUPPORTED', index: 1 },
      'ITEM_ERROR',
      'access_tokens[1]: the Item was not created with the assets product',
    ],
    [{ code: 'INVALID_AUDITOR_ID', auditorId: 'x' }, 'INVALID_INPUT', 'auditor_id is not a known auditor: x'],
    [
      { code: 'INVALID_AUDIT_COPY_TOKEN', problem: 'unknown' },
      'INVALID_INPUT',
      'audit_copy_token is not a valid audit copy token: it is unknown',
    ],
  ])('answers %j as its code, worded once', (refusal, type, start) => {
    const { init } = assetReportRefusalError(refusal);
    expect(init).toMatchObject({ type, code: refusal.code });
    expect(init.message.startsWith(start)).toBe(true);
  });
});
