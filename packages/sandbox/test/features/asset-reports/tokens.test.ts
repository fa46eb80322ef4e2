import { describe, expect, it } from 'vitest';
import {
  newAssetReportId,
  newAssetReportToken,
  newAuditCopyToken,
} from '../../../src/features/asset-reports/tokens.js';

describe('asset report identifiers', () => {
  it('have the documented forms and differ on every call', () => {
    expect(newAssetReportToken()).toMatch(
      /^assets-sandbox-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    expect(newAuditCopyToken()).toMatch(/^a-sandbox-[A-Z2-7]{26}$/);
    expect(newAssetReportId()).toMatch(/^[0-9a-f-]{36}$/);
    expect(newAuditCopyToken()).not.toBe(newAuditCopyToken());
  });
});
