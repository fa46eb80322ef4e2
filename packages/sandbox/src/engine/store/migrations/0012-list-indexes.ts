/**
 * Migration 0012 (lists): covering indexes of `/transfer/list` and `/bank_transfer/list`. The
 * page's ids are found in the index alone, with every filter the lists take, so a deep offset
 * walks index entries rather than rows. They replace the indexes of migration 0004, whose columns
 * they start with (one index to keep up per write, not two).
 */
import type { Migration } from 'kysely';
import type { AnyDb } from './helpers.js';

/** Replaces `transfers_by_client_created` and `bank_transfers_by_client_created` with `transfers_list` and `bank_transfers_list`. */
export function listIndexes(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createIndex('transfers_list')
        .on('transfers')
        .columns(['client_id', 'created', 'transfer_id', 'origination_account_id'])
        .execute();
      await db.schema
        .createIndex('bank_transfers_list')
        .on('bank_transfers')
        .columns(['client_id', 'created', 'bank_transfer_id', 'origination_account_id', 'direction'])
        .execute();
      await db.schema.dropIndex('transfers_by_client_created').execute();
      await db.schema.dropIndex('bank_transfers_by_client_created').execute();
    },
  };
}
