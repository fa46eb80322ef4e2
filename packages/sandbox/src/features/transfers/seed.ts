/**
 * Seeds the canonical transfers world (`domain/transfers/canonical.ts`): the origination accounts
 * of the default and demo clients, account migration enabled for the default client only, and the
 * default client's authorizations, transfer and bank transfers with their events and idempotency
 * keys. Inserts skip what exists, so instances starting together on one PostgreSQL seed it once.
 */
import type { Transaction } from 'kysely';
import { requestFingerprint } from '../../engine/request-fingerprint.js';
import type { Database } from '../../engine/store/database.js';
import { rememberIdempotencyKey } from '../../engine/store/idempotency.js';
import { directionOf } from '../bank-transfers/bank-transfer-status.js';
import { appendBankTransferEvent } from '../bank-transfers/queries.js';
import { DEFAULT_CLIENT, DEMO_CLIENT } from '../world/world.js';
import {
  CANONICAL_AUTHORIZATIONS,
  CANONICAL_BANK_TRANSFERS,
  CANONICAL_TRANSFER,
  CANONICAL_TRANSFER_ACCOUNTS,
  type CanonicalBankTransfer,
} from './canonical.js';
import { provisionOriginationAccounts } from './origination-account-queries.js';
import { insertTransfer } from './queries.js';
import type { BankTransfersTable } from './tables.js';

type Trx = Transaction<Database>;

const at = (time: string) => new Date(time).toISOString();

/** Seeds the transfers world at time `now` (used for rows without a canonical time). */
export async function seedTransferWorld(trx: Trx, now: Date): Promise<void> {
  for (const client of [DEFAULT_CLIENT, DEMO_CLIENT]) {
    await provisionOriginationAccounts(trx, client.clientId, now);
    await trx
      .insertInto('bank_transfer_settings')
      .values({ client_id: client.clientId, migrate_account_enabled: client === DEFAULT_CLIENT ? 1 : 0 })
      .onConflict((conflict) => conflict.column('client_id').doNothing())
      .execute();
  }
  const clientId = DEFAULT_CLIENT.clientId;
  const { itemId, accountId, originationAccountId, achClass } = CANONICAL_TRANSFER_ACCOUNTS;
  const first = CANONICAL_AUTHORIZATIONS[0];
  for (const authorization of CANONICAL_AUTHORIZATIONS) {
    const inserted = await trx
      .insertInto('transfer_authorizations')
      .values({
        authorization_id: authorization.id,
        client_id: clientId,
        item_id: itemId,
        account_id: accountId,
        created: at(authorization.created),
        decision: authorization.decision,
        decision_rationale: authorization.rationale,
        type: authorization.type,
        network: authorization.network,
        ach_class: achClass,
        amount: authorization.amount,
        user_details: JSON.stringify(authorization.user),
        origination_account_id: originationAccountId,
        transfer_id: authorization.id === CANONICAL_TRANSFER.request.authorization_id ? CANONICAL_TRANSFER.id : null,
      })
      .onConflict((conflict) => conflict.column('authorization_id').doNothing())
      .executeTakeFirst();
    if (authorization === first && Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) {
      return; // Seeded before (by this or another instance).
    }
  }
  const request = CANONICAL_TRANSFER.request;
  await insertTransfer(trx, {
    transfer_id: CANONICAL_TRANSFER.id,
    client_id: clientId,
    item_id: itemId,
    authorization_id: request.authorization_id,
    account_id: request.account_id,
    ach_class: request.ach_class,
    amount: request.amount,
    status: 'pending',
    cancellable: 1,
    created: at(CANONICAL_TRANSFER.created),
    description: request.description,
    failure_reason: null,
    metadata: JSON.stringify(request.metadata),
    network: request.network,
    origination_account_id: request.origination_account_id,
    type: request.type,
    user_details: JSON.stringify(request.user),
  });
  await rememberIdempotencyKey(trx, {
    clientId,
    scope: 'transfer',
    key: request.idempotency_key,
    fingerprint: requestFingerprint('transferCreate', request),
    resourceId: CANONICAL_TRANSFER.id,
    now: new Date(at(CANONICAL_TRANSFER.created)),
  });
  await seedBankTransfers(trx, clientId, itemId, accountId, originationAccountId);
}

/** The canonical bank transfers, their keys, and their events in time order. */
async function seedBankTransfers(
  trx: Trx,
  clientId: string,
  itemId: string,
  accountId: string,
  originationAccountId: string,
): Promise<void> {
  const rows = new Map<string, BankTransfersTable>();
  const events: { transfer: CanonicalBankTransfer; type: CanonicalBankTransfer['status']; timestamp: string }[] = [];
  for (const transfer of CANONICAL_BANK_TRANSFERS) {
    const created = transfer.events[0]?.timestamp ?? '';
    const row: BankTransfersTable = {
      bank_transfer_id: transfer.bank_transfer_id,
      client_id: clientId,
      item_id: itemId,
      account_id: accountId,
      ach_class: transfer.ach_class,
      amount: transfer.amount,
      cancellable: transfer.status === 'pending' ? 1 : 0,
      created: at(created),
      custom_tag: transfer.custom_tag,
      description: transfer.description,
      direction: directionOf(transfer.type),
      failure_reason: transfer.failure_reason ? JSON.stringify(transfer.failure_reason) : null,
      iso_currency_code: 'USD',
      metadata: JSON.stringify(transfer.metadata),
      network: transfer.network,
      origination_account_id: originationAccountId,
      status: transfer.status,
      type: transfer.type,
      user_details: JSON.stringify(transfer.user),
    };
    await trx.insertInto('bank_transfers').values(row).execute();
    rows.set(transfer.bank_transfer_id, row);
    if (transfer.creation) {
      await rememberIdempotencyKey(trx, {
        clientId,
        scope: 'bank_transfer',
        key: transfer.creation.body.idempotency_key,
        fingerprint: requestFingerprint(transfer.creation.operation, transfer.creation.body),
        resourceId: transfer.bank_transfer_id,
        now: new Date(at(created)),
      });
    }
    for (const event of transfer.events) {
      events.push({ transfer, type: event.type, timestamp: at(event.timestamp) });
    }
  }
  events.sort((a, b) => a.timestamp.localeCompare(b.timestamp));
  for (const event of events) {
    const row = rows.get(event.transfer.bank_transfer_id) as BankTransfersTable;
    const failure = event.type === 'failed' || event.type === 'reversed' ? event.transfer.failure_reason : null;
    await appendBankTransferEvent(trx, row, event.type, failure, event.timestamp);
  }
}
