/**
 * Bank transfers: create (with an access token or, as a processor, a processor token;
 * idempotent by key; credits limited to the transactable balance), get, list, cancel (only while
 * cancellable; of concurrent cancels exactly one wins), origination account balance (full-service
 * clients only), account migration (a bank-transfer-only Item), event sync in commit order and
 * the sandbox's simulated network events.
 */

import type { components } from '@svc/client';
import type { Transaction } from 'kysely';
import { invalidInput, SandboxError } from '../../engine/errors/sandbox-error.js';
import type { HandlerContext, HandlerGroup, RequestOf } from '../../engine/handler-types.js';
import { newUuid, randomId } from '../../engine/ids.js';
import { requestFingerprint } from '../../engine/request-fingerprint.js';
import type { Database } from '../../engine/store/database.js';
import { claimIdempotencyKey } from '../../engine/store/idempotency.js';
import { loadInstitutions } from '../institutions/index.js';
import {
  type AccountRow,
  accountOfItemIfAny,
  accountOfProcessorToken,
  checkLogin,
  issueAccessToken,
  itemOfAccessToken,
  type LiveItem,
} from '../items/index.js';
import {
  formatCents,
  invalidOriginationAccount,
  listFilters,
  originationAccountsOf,
  parseCents,
  reserveTransactable,
  resolveOriginationAccount,
} from '../transfers/index.js';
import { DEFAULT_TEST_USER, testUserKey } from '../world/index.js';
import {
  type BankTransferFailure,
  defaultFailureReason,
  directionOf,
  SIMULATION_SOURCE,
} from './bank-transfer-status.js';
import { presentBankTransfer, presentBankTransferEvent } from './present.js';
import {
  type BankTransferRow,
  bankTransferEventsAfter,
  bankTransferOf,
  insertBankTransfer,
  listBankTransfers,
  moveBankTransfer,
} from './queries.js';

type Schemas = components['schemas'];
type Trx = Transaction<Database>;

/** Default and largest `count` of bank transfer event sync. */
const SYNC_COUNT = 25;

/** The account subtypes bank transfers move money from or to. */
const TRANSFERABLE_SUBTYPES = ['checking', 'savings'];

/** The error of an id that names no bank transfer of the client. */
function invalidBankTransferId(id: string): SandboxError {
  return invalidInput(
    'INVALID_BANK_TRANSFER_ID',
    `bank_transfer_id does not name a bank transfer of this client: ${id}`,
  );
}

/** The fields both create operations share. */
type CreateFields = Omit<RequestOf<'bankTransferCreate'>, 'access_token' | 'account_id'>;

/** Where a bank transfer's money comes from or goes to: an Item's checking or savings account. */
interface Party {
  item: LiveItem;
  account: AccountRow;
}

/** The Item and account of `/bank_transfer/create`: the access token's Item, a checking or savings account of it. */
async function partyOfAccessToken(
  trx: Trx,
  context: HandlerContext,
  request: RequestOf<'bankTransferCreate'>,
): Promise<Party> {
  const item = await itemOfAccessToken(trx, context.client.client_id, request.access_token);
  checkLogin(item);
  const account = await accountOfItemIfAny(trx, item.item_id, request.account_id);
  if (!account || !TRANSFERABLE_SUBTYPES.includes(account.subtype)) {
    throw invalidInput(
      'INVALID_ACCOUNT_ID',
      `account_id is not a checking or savings account of this item: ${request.account_id}`,
    );
  }
  return { item, account };
}

/** The Item and account behind the processor token of `/processor/bank_transfer/create`. */
async function partyOfProcessorToken(trx: Trx, context: HandlerContext, processorToken: string): Promise<Party> {
  const { item, account } = await accountOfProcessorToken(trx, context.client.client_id, processorToken);
  checkLogin(item);
  if (!TRANSFERABLE_SUBTYPES.includes(account.subtype)) {
    throw invalidInput(
      'ACCOUNT_NOT_SUPPORTED',
      `the account of this processor token is a ${account.subtype} account; bank transfers need a checking or savings account`,
    );
  }
  return { item, account };
}

/**
 * Creates a bank transfer for either create operation: claims the idempotency key (a repeat
 * returns the first request's bank transfer), finds the party, resolves the origination account,
 * reserves a credit's amount on its transactable balance, and stores the transfer with its
 * `pending` event, all in one transaction.
 */
async function createBankTransfer(
  context: HandlerContext,
  operation: 'bankTransferCreate' | 'processorBankTransferCreate',
  request: CreateFields & Record<string, unknown>,
  findParty: (trx: Trx) => Promise<Party>,
): Promise<{ bank_transfer: Schemas['BankTransfer'] }> {
  const clientId = context.client.client_id;
  const row = await context.store.transaction(async (trx): Promise<BankTransferRow> => {
    const bankTransferId = newUuid();
    const claim = await claimIdempotencyKey(trx, {
      clientId,
      scope: 'bank_transfer',
      key: request.idempotency_key,
      fingerprint: requestFingerprint(operation, request),
      resourceId: bankTransferId,
      now: context.now,
    });
    if (claim.kind === 'repeat') {
      const earlier = await bankTransferOf(trx, clientId, claim.resourceId);
      if (!earlier) {
        throw new Error(`idempotency key ${request.idempotency_key} names a missing bank transfer ${claim.resourceId}`);
      }
      return earlier;
    }
    const party = await findParty(trx);
    const origination = await resolveOriginationAccount(trx, clientId, request.origination_account_id, context.now);
    const amountCents = parseCents(request.amount);
    if (
      request.type === 'credit' &&
      !(await reserveTransactable(trx, origination.origination_account_id, amountCents))
    ) {
      const current = await resolveOriginationAccount(trx, clientId, origination.origination_account_id, context.now);
      throw new SandboxError({
        type: 'BANK_TRANSFER_ERROR',
        code: 'BANK_TRANSFER_INSUFFICIENT_FUNDS',
        message: `amount ${request.amount} exceeds the transactable balance ${formatCents(current.available_cents - current.minimum_balance_cents)} of origination account ${origination.origination_account_id}`,
        suggestedAction: 'Fund the origination account or send a smaller amount.',
      });
    }
    const created: BankTransferRow = {
      bank_transfer_id: bankTransferId,
      client_id: clientId,
      item_id: party.item.item_id,
      account_id: party.account.account_id,
      ach_class: request.ach_class ?? null,
      amount: request.amount,
      cancellable: 1,
      created: context.now.toISOString(),
      custom_tag: request.custom_tag ?? null,
      description: request.description,
      direction: directionOf(request.type),
      failure_reason: null,
      iso_currency_code: request.iso_currency_code,
      metadata: JSON.stringify(request.metadata ?? {}),
      network: request.network,
      origination_account_id: origination.origination_account_id,
      status: 'pending',
      type: request.type,
      user_details: JSON.stringify({
        legal_name: request.user.legal_name,
        email_address: request.user.email_address ?? null,
        routing_number: request.user.routing_number ?? null,
      }),
    };
    await insertBankTransfer(trx, created);
    return created;
  });
  return { bank_transfer: presentBankTransfer(row) };
}

/** The error of a simulated event the bank transfer's status does not allow. */
function transitionInvalid(row: BankTransferRow, eventType: keyof typeof SIMULATION_SOURCE): SandboxError {
  const needed = SIMULATION_SOURCE[eventType];
  return new SandboxError({
    type: 'SANDBOX_ERROR',
    code: 'SANDBOX_BANK_TRANSFER_EVENT_TRANSITION_INVALID',
    message: `event_type ${eventType} cannot be simulated on bank transfer ${row.bank_transfer_id} in status ${row.status}; ${eventType} needs status ${needed}`,
    suggestedAction:
      eventType === 'reversed' && row.status === 'pending'
        ? 'Simulate posted first, then reversed.'
        : 'Read the bank transfer with /bank_transfer/get; only pending bank transfers post or fail, only posted ones are reversed.',
  });
}

/** The bank transfer handlers. */
export const bankTransferHandlers: HandlerGroup<
  | 'bankTransferCreate'
  | 'processorBankTransferCreate'
  | 'bankTransferGet'
  | 'bankTransferList'
  | 'bankTransferCancel'
  | 'bankTransferBalanceGet'
  | 'bankTransferMigrateAccount'
  | 'bankTransferEventSync'
  | 'sandboxBankTransferSimulate'
> = {
  async bankTransferCreate(request, context) {
    return createBankTransfer(context, 'bankTransferCreate', request, (trx) =>
      partyOfAccessToken(trx, context, request),
    );
  },

  async processorBankTransferCreate(request, context) {
    return createBankTransfer(context, 'processorBankTransferCreate', request, (trx) =>
      partyOfProcessorToken(trx, context, request.processor_token),
    );
  },

  async bankTransferGet(request, context) {
    const row = await bankTransferOf(context.store.db, context.client.client_id, request.bank_transfer_id);
    if (!row) {
      throw invalidBankTransferId(request.bank_transfer_id);
    }
    return { bank_transfer: presentBankTransfer(row) };
  },

  async bankTransferList(request, context) {
    const { window, origination } = await listFilters(request, context);
    const rows = await listBankTransfers(context.store.db, context.client.client_id, window, {
      originationAccountId: origination,
      direction: request.direction ?? null,
    });
    return { bank_transfers: rows.map(presentBankTransfer) };
  },

  async bankTransferCancel(request, context) {
    await context.store.transaction(async (trx) => {
      const row = await bankTransferOf(trx, context.client.client_id, request.bank_transfer_id);
      if (!row) {
        throw invalidBankTransferId(request.bank_transfer_id);
      }
      if (!(await moveBankTransfer(trx, row, 'pending', 'cancelled', null, context.now, 'move'))) {
        const current = (await bankTransferOf(trx, context.client.client_id, request.bank_transfer_id)) ?? row;
        throw new SandboxError({
          type: 'BANK_TRANSFER_ERROR',
          code: 'BANK_TRANSFER_NOT_CANCELLABLE',
          message: `bank transfer ${row.bank_transfer_id} cannot be cancelled: cancellable is false (status ${current.status})`,
          suggestedAction:
            'Read the bank transfer with /bank_transfer/get; only bank transfers with cancellable true can be cancelled.',
        });
      }
    });
    return {};
  },

  async bankTransferBalanceGet(request, context) {
    const accounts = await originationAccountsOf(context.store.db, context.client.client_id, context.now);
    const requested = request.origination_account_id ?? null;
    if (requested === null && accounts.length > 1) {
      throw new SandboxError({
        type: 'BANK_TRANSFER_ERROR',
        code: 'ORIGINATION_ACCOUNT_ID_REQUIRED',
        message: 'origination_account_id is required because this client has several origination accounts',
        suggestedAction: 'Send the origination_account_id of the account whose balance you want.',
      });
    }
    const account =
      requested === null ? accounts[0] : accounts.find((entry) => entry.origination_account_id === requested);
    if (!account) {
      throw invalidOriginationAccount(String(requested));
    }
    if (context.client.bank_transfer_config !== 'full_service') {
      throw new SandboxError({
        type: 'BANK_TRANSFER_ERROR',
        code: 'BANK_TRANSFER_BALANCE_NOT_SUPPORTED',
        message: `origination_account_id ${account.origination_account_id} is your own account under the platform configuration; balances are available only for FBO accounts under the full-service configuration`,
        suggestedAction: 'Read the balance of your own account from your bank.',
      });
    }
    return {
      balance: {
        available: formatCents(account.available_cents),
        transactable: formatCents(account.available_cents - account.minimum_balance_cents),
      },
      origination_account_id: account.origination_account_id,
    };
  },

  async bankTransferMigrateAccount(request, context) {
    const clientId = context.client.client_id;
    const institution = (await loadInstitutions(context.store)).find((entry) =>
      entry.routing_numbers.includes(request.routing_number),
    );
    return context.store.transaction(async (trx) => {
      const settings = await trx
        .selectFrom('bank_transfer_settings')
        .select('migrate_account_enabled')
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      if (settings?.migrate_account_enabled !== 1) {
        throw new SandboxError({
          type: 'BANK_TRANSFER_ERROR',
          code: 'BANK_TRANSFER_MIGRATE_ACCOUNT_NOT_ENABLED',
          message: '/bank_transfer/migrate_account is not enabled for this client',
          suggestedAction: 'Contact support to request access to account migration.',
        });
      }
      if (!institution) {
        throw invalidInput(
          'INVALID_INSTITUTION',
          `routing_number ${request.routing_number} is not the routing number of a sandbox institution`,
          'Use the routing number of a sandbox institution, for example 011401533 (First Gingham Bank).',
        );
      }
      const at = context.now.toISOString();
      const itemId = randomId();
      const accountId = randomId();
      await trx
        .insertInto('items')
        .values({
          item_id: itemId,
          client_id: clientId,
          institution_id: institution.institution_id,
          test_user: testUserKey(DEFAULT_TEST_USER),
          products: JSON.stringify([]),
          webhook: null,
          bank_transfer_only: 1,
          created_at: at,
          removed_at: null,
        })
        .execute();
      await trx
        .insertInto('accounts')
        .values({
          account_id: accountId,
          item_id: itemId,
          client_id: clientId,
          position: 0,
          type: 'depository',
          subtype: request.account_type,
          name: request.account_type === 'checking' ? 'Checking' : 'Savings',
          official_name: null,
          mask: request.account_number.slice(-4),
          available: null,
          current: 0,
          limit_amount: null,
          iso_currency_code: 'USD',
          verification_status: null,
          micro_deposits: 0,
          created_at: at,
        })
        .execute();
      await trx
        .insertInto('migrated_accounts')
        .values({
          account_id: accountId,
          client_id: clientId,
          account_number: request.account_number,
          routing_number: request.routing_number,
        })
        .execute();
      return { access_token: await issueAccessToken(trx, clientId, itemId, context.now), account_id: accountId };
    });
  },

  async bankTransferEventSync(request, context) {
    const rows = await bankTransferEventsAfter(
      context.store.db,
      context.client.client_id,
      request.after_id,
      request.count ?? SYNC_COUNT,
    );
    return { bank_transfer_events: rows.map(presentBankTransferEvent) };
  },

  async sandboxBankTransferSimulate(request, context) {
    await context.store.transaction(async (trx) => {
      const row = await bankTransferOf(trx, context.client.client_id, request.bank_transfer_id);
      if (!row) {
        throw invalidBankTransferId(request.bank_transfer_id);
      }
      const eventType = request.event_type;
      const failure: BankTransferFailure | null =
        eventType === 'posted'
          ? null
          : (request.failure_reason ?? defaultFailureReason(row.network as Schemas['BankTransferNetwork']));
      const moved = await moveBankTransfer(
        trx,
        row,
        SIMULATION_SOURCE[eventType],
        eventType,
        failure,
        context.now,
        'stay', // A simulated event moves no funds.
      );
      if (!moved) {
        const current = (await bankTransferOf(trx, context.client.client_id, request.bank_transfer_id)) ?? row;
        throw transitionInvalid(current, eventType);
      }
    });
    return {};
  },
};
