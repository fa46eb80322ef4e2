/**
 * The PostgreSQL side of `together.ts`: the piece {@link statementsTogether} answers the query
 * carrying a batch (`TOGETHER_MARKER` with the statements as its one value) by handing every
 * statement of the batch to the pieces after it at once (so each is named, pipelined after a held
 * `begin` and part of the request's flight like any other), and answering with one row per
 * statement: its command, row count and rows. With pipeline mode they share one round trip.
 */
import { TOGETHER_MARKER, type TogetherAnswer, type TogetherStatement } from '../together.js';
import type { Answer, ConnectionPiece } from './send-query.js';

/** The piece that expands a batch of `together.ts` (the first of the connection's pieces); every other statement is passed on. */
export const statementsTogether: ConnectionPiece = (next) => (statement) => {
  if (statement.text !== TOGETHER_MARKER) {
    return next(statement);
  }
  const batch = statement.values[0] as readonly TogetherStatement[];
  // All handed over before any answer is awaited: they go out together.
  const answers = batch.map((each) => next({ text: each.sql, values: each.parameters }));
  return Promise.allSettled(answers).then((settled): Answer => {
    const rows: TogetherAnswer[] = [];
    for (const outcome of settled) {
      if (outcome.status === 'rejected') {
        // The first failure, once every statement is answered.
        throw outcome.reason;
      }
      const { command, rowCount, rows: answerRows } = outcome.value;
      rows.push({ command, rowCount, rows: answerRows });
    }
    return { command: 'SELECT', rowCount: rows.length, rows };
  });
};
