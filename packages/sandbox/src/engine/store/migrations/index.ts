/**
 * The store's migrations, applied in name order at start-up by Kysely's `Migrator`, the same set
 * on both engines. A released migration is never edited: add a new file and list it here.
 */
import type { Migration, MigrationProvider } from 'kysely';
import { foundation } from './0001-foundation.js';
import { accountData } from './0002-account-data.js';
import { paymentsMigration } from './0003-payments.js';
import { transfers } from './0004-transfers.js';
import { assetsSignalApplications } from './0005-assets-signal-applications.js';
import { exchangeIntegration } from './0006-exchange-integration.js';
import { retention } from './0007-retention.js';
import { clocks } from './0008-clocks.js';
import { itemStates } from './0009-item-states.js';
import { faultRules } from './0010-fault-rules.js';
import { requestRecords } from './0011-request-records.js';
import { listIndexes } from './0012-list-indexes.js';
import { rateLimitWindows } from './0012-rate-limit-windows.js';
import { listPositions } from './0013-list-positions.js';
import { listPositionsComplete } from './0018-list-positions-complete.js';
import { requestRecordMarks } from './0019-request-record-marks.js';
import { replayOf } from './0020-replay-of.js';
import { pendingWebhookCap } from './0021-pending-webhook-cap.js';
import { clientThrowawayMark } from './0022-client-throwaway-mark.js';
import { clientSnapshots } from './0023-client-snapshots.js';
import { clientForkValues } from './0024-client-fork-values.js';
import { clientTransfersMove } from './0025-client-transfers-move.js';
import { requestRecordBodyChars } from './0026-request-record-body-chars.js';
import { transactionsKeyedByItem } from './0027-transactions-keyed-by-item.js';
import { listPositionOneLookup } from './0028-list-position-one-lookup.js';
import { unusedAuthorizationsPartialIndex } from './0029-unused-authorizations-partial-index.js';
import type { Engine } from './helpers.js';

export type { Engine } from './helpers.js';

/** Every migration for `engine`, by name (the name decides the order). */
export function migrations(engine: Engine): Record<string, Migration> {
  return {
    '0001_foundation': foundation(engine),
    '0002_account_data': accountData(),
    '0003_payments': paymentsMigration(engine),
    '0004_transfers': transfers(),
    '0005_assets_signal_applications': assetsSignalApplications(),
    '0006_exchange_integration': exchangeIntegration(),
    '0007_retention': retention(),
    '0008_clocks': clocks(),
    '0009_item_states': itemStates(),
    '0010_fault_rules': faultRules(engine),
    '0011_request_records': requestRecords(engine),
    '0012_list_indexes': listIndexes(),
    '0012_rate_limit_windows': rateLimitWindows(),
    '0013_list_positions': listPositions(engine),
    '0018_list_positions_complete': listPositionsComplete(engine),
    '0019_request_record_marks': requestRecordMarks(),
    '0020_replay_of': replayOf(),
    '0021_pending_webhook_cap': pendingWebhookCap(engine),
    '0022_client_throwaway_mark': clientThrowawayMark(),
    '0023_client_snapshots': clientSnapshots(),
    '0024_client_fork_values': clientForkValues(),
    '0025_client_transfers_move': clientTransfersMove(),
    '0026_request_record_body_chars': requestRecordBodyChars(),
    '0027_transactions_keyed_by_item': transactionsKeyedByItem(engine),
    '0028_list_position_one_lookup': listPositionOneLookup(engine),
    '0029_unused_authorizations_partial_index': unusedAuthorizationsPartialIndex(),
  };
}

/** A Kysely migration provider over {@link migrations}. */
export function migrationProvider(engine: Engine): MigrationProvider {
  return { getMigrations: async () => migrations(engine) };
}
