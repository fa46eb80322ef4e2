/**
 * The filters `/transfer/list` and `/bank_transfer/list` share: the time window with its
 * defaults (`start_date` not later than `end_date`) and an origination account of the client.
 * A page is one round trip: with an origination account filter, the client's origination
 * accounts are read in the same flight as the page, which is answered only when the account is
 * the client's.
 */

import type { CompiledQuery } from 'kysely';
import { type HandlerContext, invalidField, together } from '../../engine/index.js';
import { type ListWindow, type ListWindowRequest, listWindow } from './list-window.js';
import {
  invalidOriginationAccount,
  originationAccountsOf,
  originationAccountsStatement,
} from './origination-account-queries.js';

/** The statement reading one page, for the checked window and origination account filter (null: none). */
export type PageStatement<R> = (window: ListWindow, origination: string | null) => CompiledQuery<R>;

/** What a list request filters by: the time window and an origination account. */
export type ListRequest = ListWindowRequest & { origination_account_id?: string | null };

/**
 * The page a list request asks for: its window checked (`INVALID_FIELD`), and an origination
 * account filter that is not one of the client's refused (`INVALID_ORIGINATION_ACCOUNT_ID`).
 */
export async function listPage<R>(request: ListRequest, context: HandlerContext, page: PageStatement<R>): Promise<R[]> {
  const checked = listWindow(request);
  if (!checked.ok) {
    throw invalidField(checked.field, checked.message);
  }
  const { window } = checked;
  const db = context.store.db;
  const clientId = context.client.client_id;
  const origination = request.origination_account_id ?? null;
  if (origination === null) {
    return (await db.executeQuery(page(window, null))).rows;
  }
  const [accounts, rows] = await together(db, [originationAccountsStatement(db, clientId), page(window, origination)]);
  // A client without origination accounts yet: they are provisioned on first use, then the page read again.
  const provisioned = accounts.rows.length === 0;
  const owned = provisioned ? await originationAccountsOf(db, clientId, context.now) : accounts.rows;
  if (!owned.some((account) => account.origination_account_id === origination)) {
    throw invalidOriginationAccount(origination);
  }
  return provisioned ? (await db.executeQuery(page(window, origination))).rows : rows.rows;
}
