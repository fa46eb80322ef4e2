/**
 * A transfer's create uses its authorization: the conditional update marking it used by the new
 * transfer (of concurrent creates exactly one wins) and what the decision reads of it, sent in the
 * create's first flight (`together`). Where statements cost a round trip (PostgreSQL) the read and
 * the update go together, so a refusal costs no round trip more. Where they cost none (SQLite),
 * one `update … returning` does both when the authorization can be used, the usual case, and the
 * authorization is read only when it could not be (none, used already, another client's).
 */
import type { CompiledQuery, QueryResult, Transaction } from 'kysely';
import { affectedRows, type Database, twoWays } from '../../engine/index.js';
import {
  type AuthorizationRow,
  authorizationOf,
  authorizationStatement,
  useAuthorizationReturningStatement,
  useAuthorizationStatement,
} from './queries.js';

type Trx = Transaction<Database>;

/** The statements of the use, for the create's first flight: a read and an update, or one update answering the row. */
export type AuthorizationUseStatements =
  | { found: CompiledQuery<AuthorizationRow>; used: CompiledQuery<unknown> }
  | { usedReturning: CompiledQuery<AuthorizationRow> };

/** The answers of {@link AuthorizationUseStatements}. */
export type AuthorizationUseAnswers =
  | { found: QueryResult<AuthorizationRow>; used: QueryResult<unknown> }
  | { usedReturning: QueryResult<AuthorizationRow> };

/** The authorization as it was before the create, and whether the create used it. */
export interface AuthorizationUse {
  /** The client's authorization, undefined when it has none of that id. */
  found: AuthorizationRow | undefined;
  /** Whether the update marked it used by this create (it stands only if the decision allows it). */
  usedNow: boolean;
}

/** The statements using the client's authorization `authorizationId` for the transfer `transferId`. */
export const authorizationUseStatements = twoWays<
  Trx,
  [clientId: string, authorizationId: string, transferId: string],
  AuthorizationUseStatements
>({
  fewStatements: (trx, clientId, authorizationId, transferId) => ({
    found: authorizationStatement(trx, clientId, authorizationId),
    used: useAuthorizationStatement(trx, clientId, authorizationId, transferId),
  }),
  plainStatements: (trx, clientId, authorizationId, transferId) => ({
    usedReturning: useAuthorizationReturningStatement(trx, clientId, authorizationId, transferId),
  }),
});

/**
 * The use that `answers` (of {@link authorizationUseStatements}) tell. An authorization the update
 * answered was unused before it (the update's condition), so it is given as it was then.
 */
export async function authorizationUseOf(
  trx: Trx,
  clientId: string,
  authorizationId: string,
  answers: AuthorizationUseAnswers,
): Promise<AuthorizationUse> {
  if ('usedReturning' in answers) {
    const used = answers.usedReturning.rows[0];
    if (used) {
      return { found: { ...used, transfer_id: null }, usedNow: true };
    }
    return { found: await authorizationOf(trx, clientId, authorizationId), usedNow: false };
  }
  return { found: answers.found.rows[0], usedNow: affectedRows(answers.used) === 1 };
}
