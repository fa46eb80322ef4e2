/**
 * The last statement of a transaction, sent together with the commit. On PostgreSQL a statement
 * the transaction does not need an answer from (the last insert of a create, say) need not be
 * waited for: the store's connections pipeline (`postgres/pipelined-begin.ts`), so the commit goes
 * out right behind it and both cost one round trip. Rows it locks (an event counter) are held only
 * while the server runs it and commits, not for a round trip more.
 *
 * {@link finishWith} runs such a statement; the store's transaction (`open-store.ts`) then takes
 * care of the rest: if the statement fails, PostgreSQL rolls the transaction back at `commit`, and
 * the transaction fails with the statement's own error ({@link finishingError}). On SQLite the
 * statement simply runs and is waited for. One finishing statement per transaction; the work of
 * the transaction sends nothing after it (a later statement would wait for it, which is correct
 * but gains nothing).
 */
import { engineOf } from './engine-of.js';

const finishing = new WeakMap<object, Promise<unknown>>();

/** What a finishing statement answered, to await once the transaction is over (it rejects when the statement failed). */
export interface AfterCommit<T> {
  readonly answer: Promise<T>;
}

/**
 * Runs `statement` (a query on `trx`) as the last statement of the transaction `trx`: on
 * PostgreSQL without waiting for its answer (the commit waits for it), elsewhere waited for.
 * Call it last in the transaction's work. Hands back the statement's answer, to read after the
 * commit when the caller needs it (on PostgreSQL only then is it known); if the statement fails,
 * the transaction fails with its error and the answer rejects with it too (nobody need await it).
 */
export async function finishWith<T>(trx: object, statement: () => Promise<T>): Promise<AfterCommit<T>> {
  if (engineOf(trx) !== 'postgres') {
    return { answer: Promise.resolve(await statement()) };
  }
  if (finishing.has(trx)) {
    throw new Error('a transaction has at most one finishing statement');
  }
  // The statement is on the connection's socket when this returns: Kysely hands a transaction's
  // query to the driver synchronously while no other query of it runs, and none does here (the
  // caller awaited every earlier one).
  const pending = statement();
  pending.catch(() => {});
  finishing.set(trx, pending);
  return { answer: pending };
}

/**
 * The error of `trx`'s finishing statement if it failed (the reason the transaction rolled
 * back), otherwise `undefined`. Waits for the statement to be answered.
 */
export async function finishingError(trx: object): Promise<unknown> {
  const pending = finishing.get(trx);
  if (!pending) {
    return undefined;
  }
  try {
    await pending;
    return undefined;
  } catch (error) {
    return error;
  }
}

/**
 * Waits for `trx`'s finishing statement, if any, and lets the transaction go on as if it had been
 * an ordinary statement (another finishing statement may follow): for work that runs several
 * pieces in one transaction, each of which finishes its own (seeding several clients' worlds).
 * Throws the statement's error when it failed.
 */
export async function settleFinishing(trx: object): Promise<void> {
  const pending = finishing.get(trx);
  if (pending) {
    await pending;
    finishing.delete(trx);
  }
}
