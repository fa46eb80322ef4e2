/**
 * The PostgreSQL side of `together.ts`: a client class that answers the query carrying a batch
 * (`TOGETHER_MARKER` with the statements as its one value) by sending every statement of the
 * batch at once, through the client's own `query` (so each is named, pipelined after a held
 * `begin` and part of the request's flight like any other), and answering with one row per
 * statement: its command, row count and rows. With pipeline mode they share one round trip.
 */
import { TOGETHER_MARKER, type TogetherAnswer, type TogetherStatement } from '../together.js';
import type { QueryingClass } from './client-mixin.js';

/**
 * A subclass of `Base` (outermost of the pool's client mixins) that expands a batch of
 * `together.ts`; every other call is passed on unchanged.
 */
export function withStatementsTogether<C extends QueryingClass>(Base: C): C {
  return class StatementsTogetherClient extends Base {
    // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; each is passed on as it is.
    override query(...args: any[]): any {
      const [text, values] = args;
      if (args.length !== 2 || text !== TOGETHER_MARKER || !Array.isArray(values)) {
        return super.query(...args);
      }
      const batch = values[0] as TogetherStatement[];
      // All handed over before any answer is awaited: they go out together.
      const answers: Promise<TogetherAnswer>[] = batch.map((statement) =>
        this.query(statement.sql, [...statement.parameters]),
      );
      return Promise.allSettled(answers).then((settled) => {
        const failed = settled.find((outcome) => outcome.status === 'rejected');
        if (failed) {
          throw failed.reason;
        }
        const rows = settled.map((outcome) => {
          const { command, rowCount, rows: answerRows } = (outcome as PromiseFulfilledResult<TogetherAnswer>).value;
          return { command, rowCount, rows: answerRows ?? [] };
        });
        return { command: 'SELECT', rowCount: rows.length, rows, fields: [] };
      });
    }
  };
}
