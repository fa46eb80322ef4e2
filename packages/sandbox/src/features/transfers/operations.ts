/**
 * Transfers: authorization with the sandbox decision rules, creation from an authorization (used
 * once, fields equal to the authorization's, idempotent by key), get, list, cancel (only while
 * cancellable; of concurrent cancels exactly one wins) and event sync in commit order.
 */

import type { components } from '@svc/spec/types';
import {
  type HandlerGroup,
  keyClaim,
  newUuid,
  orRefuse,
  refuseIf,
  requestFingerprint,
  together,
} from '../../engine/index.js';
import { requestDefaults } from '../../generated/handlers.gen.js';
import {
  accountByIdStatement,
  isLoginRequired,
  type LiveItem,
  liveItemOf,
  liveTokenOf,
  liveTokenStatement,
  productsNotSupported,
  theItemsAccount,
} from '../items/index.js';
import { testUserOf } from '../world/index.js';
import { decideAuthorization } from './authorization-decision.js';
import { authorizationUseOf, authorizationUseStatements } from './authorization-use.js';
import { scheduledPostStatement } from './auto-moves.js';
import { transferRefusalError } from './errors.js';
import { balanceCents, parseCents } from './money.js';
import { originationAccountsStatement, resolveOriginationAccountOf } from './origination-account-queries.js';
import { presentAuthorization, presentTransfer, presentTransferEvent } from './present.js';
import {
  authorizationOf,
  finishWithTransferEvent,
  insertAuthorization,
  insertTransfer,
  type TransferRow,
  transferLifecycle,
} from './queries.js';
import { authorizationMismatch, cancelRefusal, usableAuthorization } from './rules.js';

type Schemas = components['schemas'];

/** Default and largest `count` of transfer event sync. */
const SYNC_COUNT = requestDefaults.transferEventSync.count;

/** `item` if it is usable for transfers (not a bank-transfer-only Item). */
function transferItemOf(item: LiveItem): LiveItem {
  if (item.bank_transfer_only === 1) {
    throw productsNotSupported({ reason: 'bank-transfer-only', product: 'transfer' });
  }
  return item;
}

/** The user object with all four fields (null when not given). */
function fullUser(user: Schemas['TransferUser']): Required<Schemas['TransferUser']> {
  return {
    legal_name: user.legal_name,
    phone_number: user.phone_number ?? null,
    email_address: user.email_address ?? null,
    address: user.address ?? null,
  };
}

/** The transfer handlers. */
export const transferHandlers: HandlerGroup<
  | 'transferAuthorizationCreate'
  | 'transferCreate'
  | 'transferGet'
  | 'transferList'
  | 'transferCancel'
  | 'transferEventSync'
> = {
  async transferAuthorizationCreate(request, context) {
    const clientId = context.client.client_id;
    const row = await context.store.transaction(async (trx) => {
      // Every read of the decision in one flight: the token with its Item, the account named
      // (kept only if it is of that Item) and the client's origination accounts.
      const [token, named, originations] = await together(trx, [
        liveTokenStatement(trx, clientId, request.access_token, 'access'),
        accountByIdStatement(trx, request.account_id),
        originationAccountsStatement(trx, clientId),
      ]);
      const item = transferItemOf(liveItemOf(liveTokenOf(token.rows[0])));
      const account = theItemsAccount(named.rows[0], item.item_id, request.account_id);
      const origination = await resolveOriginationAccountOf(
        trx,
        clientId,
        request.origination_account_id,
        context.now,
        originations.rows,
      );
      const outcome = decideAuthorization({
        behaviour: isLoginRequired(item) ? 'login_reset' : testUserOf(item.test_user).behaviour,
        availableCents: balanceCents(account.available),
        amountCents: parseCents(request.amount),
      });
      const authorization = {
        authorization_id: newUuid(),
        client_id: clientId,
        item_id: item.item_id,
        account_id: account.account_id,
        created: context.now.toISOString(),
        decision: outcome.decision,
        decision_rationale: outcome.rationale,
        type: request.type,
        network: request.network,
        ach_class: request.ach_class,
        amount: request.amount,
        user_details: JSON.stringify(fullUser(request.user)),
        origination_account_id: origination.origination_account_id,
        transfer_id: null,
      };
      await insertAuthorization(trx, authorization);
      return authorization;
    });
    return { authorization: presentAuthorization(row) };
  },

  async transferCreate(request, context) {
    const clientId = context.client.client_id;
    const transfer = await context.store.transaction(async (trx) => {
      const transferId = newUuid();
      const key = keyClaim(
        trx,
        {
          clientId,
          scope: 'transfer',
          key: request.idempotency_key,
          fingerprint: requestFingerprint('transferCreate', request),
          resourceId: transferId,
          requestId: context.requestId,
          now: context.now,
        },
        transferLifecycle.recordOfKey,
      );
      // One flight: the key's claim, every read of the decision, the authorization's use, which
      // stands only if the decision below lets it (a refusal throws: all is rolled back), and
      // last what a repeat of the request answers with.
      const { claimed, token, use, originations, repeat } = await together(trx, {
        claimed: key.claim,
        token: liveTokenStatement(trx, clientId, request.access_token, 'access'),
        use: authorizationUseStatements(trx, clientId, request.authorization_id, transferId),
        originations: originationAccountsStatement(trx, clientId),
        repeat: key.repeatReads,
      });
      const outcome = await key.outcome(claimed, repeat);
      if (outcome.kind === 'repeat') {
        context.markReplay(outcome.requestId);
        return outcome.record;
      }
      const item = transferItemOf(liveItemOf(liveTokenOf(token.rows[0])));
      const { found, usedNow } = await authorizationUseOf(trx, clientId, request.authorization_id, use);
      const authorization = orRefuse(
        usableAuthorization(request.authorization_id, found, item.item_id),
        transferRefusalError,
      );
      const origination = await resolveOriginationAccountOf(
        trx,
        clientId,
        request.origination_account_id,
        context.now,
        originations.rows,
      );
      refuseIf(
        authorizationMismatch(
          { ...request, origination_account_id: origination.origination_account_id },
          authorization,
        ),
        transferRefusalError,
      );
      if (!usedNow) {
        // A concurrent create used it between the read above and this update.
        const current = await authorizationOf(trx, clientId, authorization.authorization_id);
        throw transferRefusalError({
          code: 'TRANSFER_AUTHORIZATION_ALREADY_USED',
          authorizationId: authorization.authorization_id,
          transferId: current?.transfer_id ?? null,
        });
      }
      const row: TransferRow = {
        transfer_id: transferId,
        client_id: clientId,
        item_id: item.item_id,
        authorization_id: authorization.authorization_id,
        account_id: authorization.account_id,
        ach_class: authorization.ach_class,
        amount: authorization.amount,
        status: 'pending',
        cancellable: 1,
        created: context.now.toISOString(),
        description: request.description,
        failure_reason: null,
        metadata: JSON.stringify(request.metadata ?? {}),
        network: authorization.network,
        origination_account_id: authorization.origination_account_id,
        type: authorization.type,
        user_details: JSON.stringify(fullUser(request.user)),
      };
      await insertTransfer(trx, row, context.requestId, [scheduledPostStatement(trx, row, context.now)]);
      return row;
    });
    return { transfer: presentTransfer(transfer) };
  },

  async transferGet(request, context) {
    const transfer = await transferLifecycle.recordOf(context.store.db, context.client.client_id, request.transfer_id);
    if (!transfer) {
      throw transferRefusalError({ code: 'INVALID_TRANSFER_ID', transferId: request.transfer_id });
    }
    return { transfer: presentTransfer(transfer) };
  },

  async transferList(request, context) {
    const rows = await transferLifecycle.list(request, context);
    return { transfers: rows.map(presentTransfer) };
  },

  async transferCancel(request, context) {
    await transferLifecycle.cancel(
      context,
      request.transfer_id,
      (current) => refuseIf(cancelRefusal(request.transfer_id, current), transferRefusalError),
      // The cancel leaves every field the event copies as it was.
      (trx, transfer) =>
        finishWithTransferEvent(trx, transfer, 'cancelled', context.now.toISOString(), context.requestId),
    );
    return {};
  },

  async transferEventSync(request, context) {
    const rows = await transferLifecycle.eventsAfter(context, request, SYNC_COUNT);
    return { transfer_events: rows.map(presentTransferEvent) };
  },
};
