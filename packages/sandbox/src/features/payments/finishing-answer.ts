/**
 * The answer of a transaction's finishing statement (`engine/store/finishing-statement.ts`), read
 * once the transaction has committed. On PostgreSQL the statement goes out with the commit and is
 * not waited for inside the transaction, so what it changed is known only afterwards; on SQLite it
 * is waited for, and its answer is in already.
 */
import { finishWith } from '../../engine/store/finishing-statement.js';

/** What a finishing statement answered, to await after the transaction (it rejects when the statement failed). */
export interface AfterCommit<T> {
  readonly answer: Promise<T>;
}

/**
 * Runs `statement` as the last statement of the transaction `trx` ({@link finishWith}) and hands
 * back its answer. If the statement fails, the transaction fails with its error, and the answer
 * rejects with it too (nobody need await it then).
 */
export async function finishWithAnswer<T>(trx: object, statement: () => Promise<T>): Promise<AfterCommit<T>> {
  const sent: { answer?: Promise<T> } = {};
  await finishWith(trx, () => {
    sent.answer = statement();
    return sent.answer;
  });
  const { answer } = sent;
  if (!answer) {
    throw new Error('the finishing statement was not sent');
  }
  answer.catch(() => {});
  return { answer };
}
