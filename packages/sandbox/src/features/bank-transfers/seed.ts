/**
 * Seeds the canonical bank transfers world (`canonical.ts`). Inserts skip what exists, so
 * instances starting together on one PostgreSQL seed it once.
 */
import type { Transaction } from 'kysely';
import { type Database, rememberIdempotencyKey, requestFingerprint } from '../../engine/index.js';
import { CANONICAL_TRANSFER_ACCOUNTS } from '../transfers/index.js';
import { type CanonicalWorld, DEFAULT_WORLD, DEMO_CLIENT } from '../world/index.js';
import { directionOf } from './bank-transfer-status.js';
import { CANONICAL_BANK_TRANSFERS, type CanonicalBankTransfer } from './canonical.js';
import { appendBankTransferEvent } from './queries.js';
import type { BankTransfersTable } from './tables.js';

type Trx = Transaction<Database>;

const at = (time: string) => new Date(time).toISOString();

/**
 * Seeds the bank transfers world at time `now`: account migration enabled for the default client
 * only, and the default client's canonical bank transfers with their idempotency keys and their
 * events in time order (skipped when they are there already).
 */
export async function seedBankTransferWorld(trx: Trx, world: CanonicalWorld = DEFAULT_WORLD): Promise<void> {
  const settings = [{ client_id: world.clientId, migrate_account_enabled: 1 }];
  if (world === DEFAULT_WORLD) {
    settings.push({ client_id: DEMO_CLIENT.clientId, migrate_account_enabled: 0 });
  }
  for (const row of settings) {
    await trx
      .insertInto('bank_transfer_settings')
      .values(row)
      .onConflict((conflict) => conflict.column('client_id').doNothing())
      .execute();
  }
  const clientId = world.clientId;
  const itemId = world.id(CANONICAL_TRANSFER_ACCOUNTS.itemId);
  const accountId = world.id(CANONICAL_TRANSFER_ACCOUNTS.accountId);
  const originationAccountId = world.id(CANONICAL_TRANSFER_ACCOUNTS.originationAccountId);
  const rows = new Map<string, BankTransfersTable>();
  const events: { transfer: CanonicalBankTransfer; type: CanonicalBankTransfer['status']; timestamp: string }[] = [];
  for (const transfer of CANONICAL_BANK_TRANSFERS) {
    const created = transfer.events[0]?.timestamp ?? '';
    const bankTransferId = world.id(transfer.bank_transfer_id);
    const row: BankTransfersTable = {
      bank_transfer_id: bankTransferId,
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
    const inserted = await trx
      .insertInto('bank_transfers')
      .values(row)
      .onConflict((conflict) => conflict.column('bank_transfer_id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) {
      return; // Seeded before (by this or another instance).
    }
    rows.set(transfer.bank_transfer_id, row);
    if (transfer.creation) {
      await rememberIdempotencyKey(trx, {
        clientId,
        scope: 'bank_transfer',
        key: transfer.creation.body.idempotency_key,
        fingerprint: requestFingerprint(transfer.creation.operation, world.request(transfer.creation.body)),
        resourceId: bankTransferId,
        requestId: null,
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
    await appendBankTransferEvent(trx, row, event.type, failure, event.timestamp, null);
  }
}
