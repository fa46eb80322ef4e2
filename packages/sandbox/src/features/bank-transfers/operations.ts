/**
 * Bank transfers: create (with an access token or, as a processor, a processor token;
 * idempotent by key; credits limited to the transactable balance), get, list, cancel (only while
 * cancellable; of concurrent cancels exactly one wins), origination account balance (full-service
 * clients only), account migration (a bank-transfer-only Item), event sync in commit order and
 * the sandbox's simulated network events (each with a `BANK_TRANSFERS_EVENTS_UPDATE` webhook).
 */

import type { components } from '@svc/spec/types';
import type { CompiledQuery, QueryResult, Transaction } from 'kysely';
import {
  affectedRows,
  type Database,
  finishWith,
  type HandlerContext,
  type HandlerGroup,
  keyClaim,
  newUuid,
  orRefuse,
  type RequestOf,
  requestFingerprint,
  together,
} from '../../engine/index.js';
import { requestDefaults } from '../../generated/handlers.gen.js';
import { loadInstitutions } from '../institutions/index.js';
import {
  type AccountRow,
  accessTokenStatement,
  accountByIdStatement,
  bankTransferOnlyItemStatements,
  checkLogin,
  itemRoomStatements,
  type LiveItem,
  liveItemOf,
  liveTokenOf,
  liveTokenStatement,
  processorTokenOf,
  processorTokenStatements,
  refuseItemPastCap,
} from '../items/index.js';
import {
  formatCents,
  originationAccountsOf,
  originationAccountsStatement,
  parseCents,
  reserveTransactableStatement,
  resolveOriginationAccount,
  resolveOriginationAccountOf,
} from '../transfers/index.js';
import {
  type BankTransferFailure,
  defaultFailureReason,
  directionOf,
  SIMULATION_SOURCE,
} from './bank-transfer-status.js';
import { bankTransferRefusalError } from './errors.js';
import { presentBankTransfer, presentBankTransferEvent } from './present.js';
import {
  type BankTransferRow,
  bankTransferLifecycle,
  bankTransferMoveFields,
  finishBankTransferMove,
  insertBankTransfer,
  migrateAccountEnabledStatement,
  migratedAccountStatement,
} from './queries.js';
import {
  balanceAccount,
  cancellableBankTransfer,
  knownBankTransfer,
  migrationInstitution,
  namedAccount,
  processorAccount,
  simulatableBankTransfer,
} from './rules.js';

type Schemas = components['schemas'];
type Trx = Transaction<Database>;

/** Default and largest `count` of bank transfer event sync. */
const SYNC_COUNT = requestDefaults.bankTransferEventSync.count;

/** The fields both create operations share. */
type CreateFields = Omit<RequestOf<'bankTransferCreate'>, 'access_token' | 'account_id'>;

/** Where a bank transfer's money comes from or goes to: an Item's checking or savings account. */
interface Party {
  item: LiveItem;
  account: AccountRow;
}

/**
 * How a create finds its party: statements sent together with the key's claim (none for a lookup
 * that reads on its own), then the party from their results.
 */
interface PartyLookup {
  statements(trx: Trx): CompiledQuery<unknown>[];
  find(results: readonly QueryResult<unknown>[]): Party;
}

/**
 * The Item and account of `/bank_transfer/create`: the access token's Item, a checking or savings
 * account of it (read by id with the token, kept only if it is of the token's Item).
 */
function partyOfAccessToken(context: HandlerContext, request: RequestOf<'bankTransferCreate'>): PartyLookup {
  return {
    statements: (trx) => [
      liveTokenStatement(trx, context.client.client_id, request.access_token, 'access'),
      accountByIdStatement(trx, request.account_id),
    ],
    find([token, named]) {
      const item = liveItemOf(liveTokenOf(token?.rows[0]));
      checkLogin(item);
      const found = named?.rows[0] as AccountRow | undefined;
      const account = orRefuse(
        namedAccount(request.account_id, found?.item_id === item.item_id ? found : undefined),
        bankTransferRefusalError,
      );
      return { item, account };
    },
  };
}

/**
 * The Item and account behind the processor token of `/processor/bank_transfer/create`: the live
 * token with its Item and the account it names, read in the claim's flight (either missing:
 * `INVALID_PROCESSOR_TOKEN`).
 */
function partyOfProcessorToken(context: HandlerContext, processorToken: string): PartyLookup {
  const clientId = context.client.client_id;
  return {
    statements: (trx) => processorTokenStatements(trx, clientId, processorToken),
    find([token, named]) {
      const party = processorTokenOf(token?.rows[0], named?.rows[0]);
      checkLogin(party.item);
      return { item: party.item, account: orRefuse(processorAccount(party.account), bankTransferRefusalError) };
    },
  };
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
  lookup: PartyLookup,
): Promise<{ bank_transfer: Schemas['BankTransfer'] }> {
  const clientId = context.client.client_id;
  const row = await context.store.transaction(async (trx): Promise<BankTransferRow> => {
    const bankTransferId = newUuid();
    const claim = {
      clientId,
      scope: 'bank_transfer',
      key: request.idempotency_key,
      fingerprint: requestFingerprint(operation, request),
      resourceId: bankTransferId,
      requestId: context.requestId,
      now: context.now,
    };
    const key = keyClaim(trx, claim, bankTransferLifecycle.recordOfKey);
    const amountCents = parseCents(request.amount);
    // One flight: the key's claim, the origination accounts, the party's reads, a credit's
    // reservation (standing only for a new bank transfer, and only if the checks below pass) and
    // last what a repeat of the request answers with.
    const partyStatements = lookup.statements(trx);
    const reservation =
      request.type === 'credit'
        ? reserveTransactableStatement(trx, {
            clientId,
            requested: request.origination_account_id,
            cents: amountCents,
            heldKey: { scope: claim.scope, key: claim.key, resourceId: claim.resourceId },
          })
        : undefined;
    const { claimed, originations, partyAnswers, reserved, repeat } = await together(trx, {
      claimed: key.claim,
      originations: originationAccountsStatement(trx, clientId),
      partyAnswers: partyStatements,
      reserved: reservation,
      repeat: key.repeatReads,
    });
    const outcome = await key.outcome(claimed, repeat);
    if (outcome.kind === 'repeat') {
      context.markReplay(outcome.requestId);
      return outcome.record;
    }
    const party = lookup.find(partyAnswers);
    const origination = await resolveOriginationAccountOf(
      trx,
      clientId,
      request.origination_account_id,
      context.now,
      originations.rows,
    );
    if (
      reservation &&
      reserved &&
      affectedRows(reserved) !== 1 &&
      // Accounts provisioned just now (none were read) were not there to reserve on: reserve again.
      !(originations.rows.length === 0 && affectedRows(await trx.executeQuery(reservation)) === 1)
    ) {
      const current = await resolveOriginationAccount(trx, clientId, origination.origination_account_id, context.now);
      throw bankTransferRefusalError({
        code: 'BANK_TRANSFER_INSUFFICIENT_FUNDS',
        amount: request.amount,
        transactableCents: current.available_cents - current.minimum_balance_cents,
        originationAccountId: origination.origination_account_id,
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
    await insertBankTransfer(trx, created, context.requestId);
    return created;
  });
  return { bank_transfer: presentBankTransfer(row) };
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
    return createBankTransfer(context, 'bankTransferCreate', request, partyOfAccessToken(context, request));
  },

  async processorBankTransferCreate(request, context) {
    return createBankTransfer(
      context,
      'processorBankTransferCreate',
      request,
      partyOfProcessorToken(context, request.processor_token),
    );
  },

  async bankTransferGet(request, context) {
    const found = await bankTransferLifecycle.recordOf(
      context.store.db,
      context.client.client_id,
      request.bank_transfer_id,
    );
    const row = orRefuse(knownBankTransfer(request.bank_transfer_id, found), bankTransferRefusalError);
    return { bank_transfer: presentBankTransfer(row) };
  },

  async bankTransferList(request, context) {
    const rows = await bankTransferLifecycle.list(request, context, { direction: request.direction ?? null });
    return { bank_transfers: rows.map(presentBankTransfer) };
  },

  async bankTransferCancel(request, context) {
    await bankTransferLifecycle.cancel(
      context,
      request.bank_transfer_id,
      (current) => orRefuse(cancellableBankTransfer(request.bank_transfer_id, current), bankTransferRefusalError),
      // The funds a pending credit reserved go back; the event of the cancel last.
      (trx, row) => finishBankTransferMove(trx, row, null, context.now, 'move', context.requestId),
    );
    return {};
  },

  async bankTransferBalanceGet(request, context) {
    const accounts = await originationAccountsOf(context.store.db, context.client.client_id, context.now);
    const account = orRefuse(
      balanceAccount(request.origination_account_id ?? null, accounts, context.client.bank_transfer_config),
      bankTransferRefusalError,
    );
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
      // Whether the client may migrate, and its room for one more Item, in one flight.
      const answers = await together(trx, {
        enabled: migrateAccountEnabledStatement(trx, clientId),
        ...itemRoomStatements(trx, clientId),
      });
      const { institution_id } = orRefuse(
        migrationInstitution(
          answers.enabled.rows[0]?.migrate_account_enabled === 1,
          request.routing_number,
          institution,
        ),
        bankTransferRefusalError,
      );
      refuseItemPastCap(answers);
      const { itemId, accountId, statements } = bankTransferOnlyItemStatements(trx, {
        clientId,
        institutionId: institution_id,
        accountType: request.account_type,
        mask: request.account_number.slice(-4),
        now: context.now,
      });
      const { token: accessToken, statement: tokenInsert } = accessTokenStatement(trx, clientId, itemId, context.now);
      const migrated = migratedAccountStatement(trx, {
        account_id: accountId,
        client_id: clientId,
        account_number: request.account_number,
        routing_number: request.routing_number,
      });
      // The Item, its account, its access token and the account's numbers, all with the commit.
      await finishWith(trx, () => together(trx, [...statements, tokenInsert, migrated]));
      return { access_token: accessToken, account_id: accountId };
    });
  },

  async bankTransferEventSync(request, context) {
    const rows = await bankTransferLifecycle.eventsAfter(context, request, SYNC_COUNT);
    return { bank_transfer_events: rows.map(presentBankTransferEvent) };
  },

  async sandboxBankTransferSimulate(request, context) {
    const clientId = context.client.client_id;
    const eventType = request.event_type;
    const from = SIMULATION_SOURCE[eventType];
    // Known without the row unless the default failure reason (which depends on the network) applies.
    const givenFailure = eventType === 'posted' ? null : request.failure_reason;
    let webhookQueued = false;
    await context.store.transaction(async (trx) => {
      // The move from the one status the event starts from, with `failure` stored unless null.
      const move = (failure: BankTransferFailure | null) =>
        bankTransferLifecycle.moveStatement(
          trx,
          clientId,
          request.bank_transfer_id,
          [from],
          bankTransferMoveFields(eventType, failure),
        );
      // One flight: the bank transfer with its Item's webhook URL and, when its values are known
      // already, the move (it stands only if the rule allows it from the status read).
      const [read, early] = await together(trx, [
        bankTransferLifecycle.withWebhookStatement(trx, clientId, request.bank_transfer_id),
        ...(givenFailure === undefined ? [] : [move(givenFailure)]),
      ]);
      const found = orRefuse(
        simulatableBankTransfer(request.bank_transfer_id, read.rows[0], eventType),
        bankTransferRefusalError,
      );
      const { item_webhook, ...row } = found;
      const failure = givenFailure === undefined ? defaultFailureReason(row.network) : givenFailure;
      const updated = early ?? (await trx.executeQuery(move(failure)));
      if (affectedRows(updated) !== 1) {
        // A concurrent call changed it between the read and the update: refused on the row as it is now.
        const current = await bankTransferLifecycle.recordOf(trx, clientId, request.bank_transfer_id);
        orRefuse(simulatableBankTransfer(request.bank_transfer_id, current, eventType), bankTransferRefusalError);
        throw new Error(`bank transfer ${row.bank_transfer_id} can take ${eventType} but the update changed no row`);
      }
      const moved: BankTransferRow = { ...row, ...bankTransferMoveFields(eventType, failure) };
      const webhook = bankTransferLifecycle.eventsUpdateWebhook(
        trx,
        moved,
        item_webhook,
        context.now,
        context.requestId,
      );
      webhookQueued = webhook.length > 0;
      // A simulated event moves no funds; the webhook and the event last, with the commit.
      await finishBankTransferMove(trx, moved, failure, context.now, 'stay', context.requestId, webhook);
    });
    if (webhookQueued) {
      context.webhooksCommitted();
    }
    return {};
  },
};
