/**
 * Signal evaluations: one row per `client_transaction_id` of a client, replaced when the debit is
 * evaluated again, with the return code reported for it.
 */
import type { CompiledQuery, Kysely, Transaction } from 'kysely';
import type { Database } from '../../engine/index.js';
import type { SignalEvaluationsTable } from './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The statement storing an evaluation, replacing an earlier one of the same `client_transaction_id` (and the
 * return reported for it: that return belonged to the earlier evaluation). One statement, so two
 * concurrent evaluations of one id leave exactly one row.
 */
export function evaluationStatement(db: Db, evaluation: SignalEvaluationsTable): CompiledQuery {
  return db
    .insertInto('signal_evaluations')
    .values(evaluation)
    .onConflict((conflict) =>
      conflict.columns(['client_id', 'client_transaction_id']).doUpdateSet({
        item_id: evaluation.item_id,
        account_id: evaluation.account_id,
        amount: evaluation.amount,
        result: evaluation.result,
        evaluated_at: evaluation.evaluated_at,
        return_code: null,
        returned_at: null,
      }),
    )
    .compile();
}

/** Saves an evaluation in one statement ({@link evaluationStatement}). */
export async function saveEvaluation(db: Db, evaluation: SignalEvaluationsTable): Promise<void> {
  await db.executeQuery(evaluationStatement(db, evaluation));
}

/**
 * Records `returnCode` for an evaluated `client_transaction_id` of `clientId`, replacing any
 * earlier one. Returns false when that id was never evaluated by the client.
 */
export async function reportReturn(
  db: Db,
  clientId: string,
  clientTransactionId: string,
  returnCode: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('signal_evaluations')
    .set({ return_code: returnCode, returned_at: at })
    .where('client_id', '=', clientId)
    .where('client_transaction_id', '=', clientTransactionId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
