/**
 * Rows of the transfer tables to store directly in tests of the store's schema (migrations,
 * triggers, indexes), with fixed values in every column the test does not name.
 */
import type { Database } from '../../src/engine/store/database.js';

type TransfersTable = Database['transfers'];
type TransferAuthorizationsTable = Database['transfer_authorizations'];

/** A transfer row of `clientId` with the given id and creation time. */
export function transferRow(clientId: string, id: string, created: string): TransfersTable {
  return {
    transfer_id: id,
    client_id: clientId,
    item_id: 'item-positions',
    authorization_id: `auth-${id}`,
    account_id: 'account-positions',
    ach_class: 'ppd',
    amount: '1.00',
    status: 'pending',
    cancellable: 1,
    created,
    description: 'positions',
    failure_reason: null,
    metadata: '{}',
    network: 'ach',
    origination_account_id: 'orig-positions',
    type: 'debit',
    user_details: '{}',
  };
}

/** An approved authorization row with the given id, client, creation time and transfer (null: unused). */
export function authorizationRow(
  fields: Pick<TransferAuthorizationsTable, 'authorization_id' | 'client_id' | 'created' | 'transfer_id'>,
): TransferAuthorizationsTable {
  return {
    item_id: 'item-authorizations',
    account_id: 'account-authorizations',
    decision: 'approved',
    decision_rationale: null,
    type: 'debit',
    network: 'ach',
    ach_class: 'ppd',
    amount: '1.00',
    user_details: '{}',
    origination_account_id: 'orig-authorizations',
    ...fields,
  };
}
