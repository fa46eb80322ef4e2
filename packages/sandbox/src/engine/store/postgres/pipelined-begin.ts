/**
 * `BEGIN` sent together with the first statement of a transaction. Kysely's `PostgresDriver`
 * starts a transaction by awaiting `begin` on its own: a round trip that carries no data. The
 * piece {@link pipelinedBegin} holds `begin` back instead (answering it at once), and sends it
 * right before the transaction's first statement; with `pg`'s pipeline mode
 * (`new pg.Pool({ pipeline: true })`) both go out without waiting for each other, so they cost
 * one round trip. The statement's promise settles after both answers: if `begin`
 * failed, that error is thrown, and the query layer rolls back. A transaction that sends no
 * statement at all sends neither `commit` nor `rollback` (there is nothing on the server to end).
 *
 * A `commit` that PostgreSQL answers with `ROLLBACK` (the transaction had failed: a pipelined
 * statement's error ended it) is thrown as an error here, so a failed transaction is never taken
 * for a committed one.
 */
import { oncePerText } from '../once-per-text.js';
import { NAMED_STATEMENT_LIMIT } from './named-statements.js';
import { type Answer, answerOf, type ConnectionPiece } from './send-query.js';

const BEGIN = /^\s*begin\s*;?\s*$/i;
const END = /^\s*(commit|rollback)\s*;?\s*$/i;

/** Whether a text is `begin`, and which end of a transaction it is (`COMMIT`, `ROLLBACK`), decided once per text. */
const kindOf = oncePerText(
  (text) => ({ begin: BEGIN.test(text), end: END.exec(text)?.[1]?.toUpperCase() }),
  NAMED_STATEMENT_LIMIT,
);

/** The error of a `commit` that the server answered by rolling back. */
export class RolledBackOnCommitError extends Error {
  constructor() {
    super('the transaction was rolled back instead of committed: one of its statements failed');
    this.name = 'RolledBackOnCommitError';
  }
}

/**
 * The piece that holds `begin` back until the transaction's first statement and sends both at
 * once (see the module comment).
 */
export const pipelinedBegin: ConnectionPiece = (next) => {
  let beginHeld = false;
  return (statement) => {
    const { begin, end } = kindOf(statement.text);
    if (begin && !beginHeld) {
      beginHeld = true;
      return Promise.resolve(answerOf('BEGIN'));
    }
    if (end !== undefined && beginHeld) {
      // Nothing was sent since `begin`: no transaction is open on the server.
      beginHeld = false;
      return Promise.resolve(answerOf(end));
    }
    if (!beginHeld) {
      return end === 'COMMIT' ? checkedCommit(next(statement)) : next(statement);
    }
    beginHeld = false;
    // Both handed over before either answer is awaited: they share a round trip.
    const begun = next({ text: 'begin', values: [] });
    const answered = next(statement);
    return Promise.all([begun, answered]).then(([, answer]) => answer);
  };
};

/** `commit`'s result, or {@link RolledBackOnCommitError} when the server rolled back instead. */
async function checkedCommit(commit: Promise<Answer>): Promise<Answer> {
  const result = await commit;
  if (result.command === 'ROLLBACK') {
    throw new RolledBackOnCommitError();
  }
  return result;
}
