/**
 * The canonical values of the docs that are unique keys of the store: the ids and tokens a
 * client with the canonical world holds in its own namespace (`engine/clients/client-namespace.ts`).
 * Values scoped to a client already (idempotency keys, `client_transaction_id`, event ids) are
 * not here: every client has its own anyway.
 */
import { type ClientNamespace, createClientNamespace } from './engine/clients/client-namespace.js';
import { CANONICAL_ASSET_REPORT, CANONICAL_AUDIT_COPY } from './features/asset-reports/index.js';
import { CANONICAL_BANK_TRANSFERS } from './features/bank-transfers/index.js';
import { CANONICAL_PAYMENTS, CANONICAL_RECIPIENTS } from './features/payments/index.js';
import {
  CANONICAL_AUTHORIZATIONS,
  CANONICAL_ORIGINATION_ACCOUNT_ID,
  CANONICAL_TRANSFER,
} from './features/transfers/index.js';
import { CANONICAL_ACCOUNT_IDS, CANONICAL_ITEM, DEFAULT_CLIENT } from './features/world/index.js';

/** Every canonical value a client's namespace applies to. */
export const CANONICAL_KEY_VALUES: readonly string[] = [
  CANONICAL_ITEM.itemId,
  CANONICAL_ITEM.publicToken,
  CANONICAL_ITEM.accessToken,
  CANONICAL_ITEM.processorToken,
  ...CANONICAL_ACCOUNT_IDS,
  CANONICAL_ORIGINATION_ACCOUNT_ID,
  ...CANONICAL_AUTHORIZATIONS.map((authorization) => authorization.id),
  CANONICAL_TRANSFER.id,
  ...CANONICAL_BANK_TRANSFERS.map((transfer) => transfer.bank_transfer_id),
  CANONICAL_ASSET_REPORT.assetReportId,
  CANONICAL_ASSET_REPORT.assetReportToken,
  CANONICAL_AUDIT_COPY.auditCopyToken,
  ...CANONICAL_RECIPIENTS.map((recipient) => recipient.recipientId),
  ...CANONICAL_PAYMENTS.flatMap((payment) => [
    payment.paymentId,
    payment.paymentToken,
    ...(payment.refundId ? [payment.refundId] : []),
  ]),
];

/** The sandbox's client namespaces: every client but the default one holds its canonical world in its own. */
export const SANDBOX_NAMESPACE: ClientNamespace = createClientNamespace(CANONICAL_KEY_VALUES, DEFAULT_CLIENT.clientId);
