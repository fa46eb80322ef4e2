/**
 * Identifiers of asset reports and audit copies in the shapes the API documents:
 * `assets-sandbox-<uuid>` report tokens, `a-sandbox-<identifier>` audit copy tokens, UUID report ids.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { ENVIRONMENT } from '../../engine/index.js';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** An asset report token: `assets-sandbox-<uuid>`. */
export function newAssetReportToken(): string {
  return `assets-${ENVIRONMENT}-${randomUUID()}`;
}

/** An asset report id: a UUID. */
export function newAssetReportId(): string {
  return randomUUID();
}

/** An audit copy token: `a-sandbox-` and 26 random base-32 characters (130 bits). */
export function newAuditCopyToken(): string {
  const bytes = randomBytes(26);
  let identifier = '';
  for (const byte of bytes) {
    identifier += BASE32[byte % 32];
  }
  return `a-${ENVIRONMENT}-${identifier}`;
}
