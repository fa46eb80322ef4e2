/**
 * The asset-reports feature as other features and the composition root see it: everything they may
 * use, and nothing else (the architecture check refuses any other way in).
 */

export { CANONICAL_ASSET_REPORT, CANONICAL_AUDIT_COPY } from './canonical.js';
export { assetReportHandlers } from './operations.js';
export { seedAuditors, seedCanonicalAssetReport } from './seed.js';
