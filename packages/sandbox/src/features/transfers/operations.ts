/**
 * Transfers: authorization with the sandbox decision rules, creation from an authorization (used
 * once, fields equal to the authorization's, idempotent by key), get, list, cancel (only while
 * cancellable; of concurrent cancels exactly one wins) and event sync in commit order.
 */

import type { components } from '@svc/client';
import type { Transaction } from 'kysely';
import { invalidInput, SandboxError } from '../../engine/errors/sandbox-error.js';
import type { HandlerContext, HandlerGroup, RequestOf } from '../../engine/handler-types.js';
import { newUuid } from '../../engine/ids.js';
import { requestFingerprint } from '../../engine/request-fingerprint.js';
import type { Database } from '../../engine/store/database.js';
import { claimIdempotencyKey } from '../../engine/store/idempotency.js';
import { accountOfItemIfAny, itemOfAccessToken, type LiveItem } from '../items/index.js';
import { testUserOf } from '../world/index.js';
import { decideAuthorization } from './authorization-decision.js';
import { listFilters } from './list-filters.js';
import { balanceCents, parseCents } from './money.js';
import { resolveOriginationAccount } from './origination-account-queries.js';
import { presentAuthorization, presentTransfer, presentTransferEvent } from './present.js';
import {
  type AuthorizationRow,
  authorizationOf,
  cancelTransfer,
  insertAuthorization,
  insertTransfer,
  listTransfers,
  transferEventsAfter,
  transferOf,
  useAuthorization,
} from './queries.js';

type Schemas = components['schemas'];

/** Default and largest `count` of transfer event sync. */
const SYNC_COUNT = 25;

/** The error of an id that names no transfer of the client. */
function invalidTransferId(id: string): SandboxError {
  return invalidInput('INVALID_TRANSFER_ID', `transfer_id does not name a transfer of this client: ${id}`);
}

/** The Item of an access token, usable for transfers (not a bank-transfer-only Item). */
async function transferItem(
  trx: Transaction<Database>,
  context: HandlerContext,
  accessToken: string,
): Promise<LiveItem> {
  const item = await itemOfAccessToken(trx, context.client.client_id, accessToken);
  if (item.bank_transfer_only === 1) {
    throw new SandboxError({
      type: 'ITEM_ERROR',
      code: 'PRODUCTS_NOT_SUPPORTED',
      message: 'this Item was created by /bank_transfer/migrate_account and serves bank transfers only',
      suggestedAction: 'Use /bank_transfer/create with this Item, or link the account to make transfers.',
    });
  }
  return item;
}

/** The error of an authorization that was used for a transfer already. */
function alreadyUsed(authorizationId: string, transferId: string | null): SandboxError {
  return new SandboxError({
    type: 'TRANSFER_ERROR',
    code: 'TRANSFER_AUTHORIZATION_ALREADY_USED',
    message: `authorization_id ${authorizationId} was already used for transfer ${transferId ?? '(another request)'}`,
    suggestedAction: 'Create a new authorization for each transfer; to retry a create call, reuse its idempotency_key.',
  });
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

/** The first field of a create request that differs from its authorization, as an error naming it. */
function mismatch(request: RequestOf<'transferCreate'>, authorization: AuthorizationRow, originationAccountId: string) {
  const pairs: [string, string, string][] = [
    ['account_id', request.account_id, authorization.account_id],
    ['type', request.type, authorization.type],
    ['network', request.network, authorization.network],
    ['ach_class', request.ach_class, authorization.ach_class],
    ['amount', request.amount, authorization.amount],
    ['origination_account_id', originationAccountId, authorization.origination_account_id],
  ];
  const different = pairs.find(([, given, authorized]) => given !== authorized);
  if (!different) {
    return undefined;
  }
  const [field, given, authorized] = different;
  return new SandboxError({
    type: 'TRANSFER_ERROR',
    code: 'TRANSFER_AUTHORIZATION_MISMATCH',
    message: `${field} ${given} does not equal the ${field} ${authorized} of authorization ${authorization.authorization_id}`,
    suggestedAction: 'Send the authorized values, or authorize the new transfer first.',
  });
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
      const item = await transferItem(trx, context, request.access_token);
      const account = await accountOfItemIfAny(trx, item.item_id, request.account_id);
      if (!account) {
        throw invalidInput('INVALID_ACCOUNT_ID', `account_id does not belong to this item: ${request.account_id}`);
      }
      const origination = await resolveOriginationAccount(trx, clientId, request.origination_account_id, context.now);
      const outcome = decideAuthorization({
        behaviour: testUserOf(item.test_user).behaviour,
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
      const claim = await claimIdempotencyKey(trx, {
        clientId,
        scope: 'transfer',
        key: request.idempotency_key,
        fingerprint: requestFingerprint('transferCreate', request),
        resourceId: transferId,
        now: context.now,
      });
      if (claim.kind === 'repeat') {
        const earlier = await transferOf(trx, clientId, claim.resourceId);
        if (!earlier) {
          throw new Error(`idempotency key ${request.idempotency_key} names a missing transfer ${claim.resourceId}`);
        }
        return earlier;
      }
      const item = await transferItem(trx, context, request.access_token);
      const authorization = await authorizationOf(trx, clientId, request.authorization_id);
      if (!authorization) {
        throw invalidInput(
          'INVALID_AUTHORIZATION_ID',
          `authorization_id does not name an authorization of this client: ${request.authorization_id}`,
        );
      }
      if (authorization.decision === 'declined') {
        throw new SandboxError({
          type: 'TRANSFER_ERROR',
          code: 'TRANSFER_AUTHORIZATION_DECLINED',
          message: `authorization_id ${authorization.authorization_id} was declined (${authorization.decision_rationale}) and cannot be used to create a transfer`,
          suggestedAction: 'Do not make this transfer; authorize a new one if the situation changes.',
        });
      }
      if (authorization.transfer_id !== null) {
        throw alreadyUsed(authorization.authorization_id, authorization.transfer_id);
      }
      if (authorization.item_id !== item.item_id) {
        throw new SandboxError({
          type: 'TRANSFER_ERROR',
          code: 'TRANSFER_AUTHORIZATION_MISMATCH',
          message: `access_token names another Item than the one authorization ${authorization.authorization_id} was made for`,
          suggestedAction: 'Send the access token of the authorized Item.',
        });
      }
      const origination = await resolveOriginationAccount(trx, clientId, request.origination_account_id, context.now);
      const different = mismatch(request, authorization, origination.origination_account_id);
      if (different) {
        throw different;
      }
      if (!(await useAuthorization(trx, authorization.authorization_id, transferId))) {
        // A concurrent create used it between the read above and this update.
        const current = await authorizationOf(trx, clientId, authorization.authorization_id);
        throw alreadyUsed(authorization.authorization_id, current?.transfer_id ?? null);
      }
      const row = {
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
      await insertTransfer(trx, row);
      return row;
    });
    return { transfer: presentTransfer(transfer) };
  },

  async transferGet(request, context) {
    const transfer = await transferOf(context.store.db, context.client.client_id, request.transfer_id);
    if (!transfer) {
      throw invalidTransferId(request.transfer_id);
    }
    return { transfer: presentTransfer(transfer) };
  },

  async transferList(request, context) {
    const { window, origination } = await listFilters(request, context);
    const rows = await listTransfers(context.store.db, context.client.client_id, window, origination);
    return { transfers: rows.map(presentTransfer) };
  },

  async transferCancel(request, context) {
    await context.store.transaction(async (trx) => {
      const transfer = await transferOf(trx, context.client.client_id, request.transfer_id);
      if (!transfer) {
        throw invalidTransferId(request.transfer_id);
      }
      if (!(await cancelTransfer(trx, transfer, context.now))) {
        const current = (await transferOf(trx, context.client.client_id, request.transfer_id)) ?? transfer;
        throw new SandboxError({
          type: 'TRANSFER_ERROR',
          code: 'TRANSFER_NOT_CANCELLABLE',
          message: `transfer_id ${transfer.transfer_id} cannot be cancelled: its status is ${current.status} and cancellable is false`,
          suggestedAction:
            'Check cancellable with /transfer/get before cancelling; a transfer that was sent cannot be stopped (to pay money back, authorize and create a credit).',
        });
      }
    });
    return {};
  },

  async transferEventSync(request, context) {
    const rows = await transferEventsAfter(
      context.store.db,
      context.client.client_id,
      request.after_id,
      request.count ?? SYNC_COUNT,
    );
    return { transfer_events: rows.map(presentTransferEvent) };
  },
};
