/**
 * The filters `/transfer/list` and `/bank_transfer/list` share: the time window with its
 * defaults (`start_date` not later than `end_date`) and an origination account of the client.
 */

import { invalidField } from '../../engine/errors/sandbox-error.js';
import type { HandlerContext } from '../../engine/handler-types.js';
import { type ListWindow, type ListWindowRequest, listWindow } from './list-window.js';
import { invalidOriginationAccount, originationAccountsOf } from './origination-account-queries.js';

/** The checked window and origination account filter of a list request. */
export async function listFilters(
  request: ListWindowRequest & { origination_account_id?: string | null },
  context: HandlerContext,
): Promise<{ window: ListWindow; origination: string | null }> {
  const window = listWindow(request);
  if (!window.ok) {
    throw invalidField(window.field, window.message);
  }
  const origination = request.origination_account_id ?? null;
  if (origination !== null) {
    const accounts = await originationAccountsOf(context.store.db, context.client.client_id, context.now);
    if (!accounts.some((account) => account.origination_account_id === origination)) {
      throw invalidOriginationAccount(origination);
    }
  }
  return { window: window.window, origination };
}
