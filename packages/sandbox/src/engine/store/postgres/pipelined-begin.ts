/**
 * `BEGIN` sent together with the first statement of a transaction. Kysely's `PostgresDriver`
 * starts a transaction by awaiting `begin` on its own: a round trip that carries no data. The
 * client class of {@link withPipelinedBegin} holds `begin` back instead (answering it at once),
 * and writes it to the socket right before the transaction's first statement; with `pg`'s
 * pipeline mode (`new pg.Pool({ pipeline: true })`) both go out without waiting for each other,
 * so they cost one round trip. The statement's promise settles after both answers: if `begin`
 * failed, that error is thrown, and the query layer rolls back. A transaction that sends no
 * statement at all sends neither `commit` nor `rollback` (there is nothing on the server to end).
 *
 * A `commit` that PostgreSQL answers with `ROLLBACK` (the transaction had failed: a pipelined
 * statement's error ended it) is thrown as an error here, so a failed transaction is never taken
 * for a committed one.
 */
import type { QueryingClass } from './client-mixin.js';

const BEGIN = /^\s*begin\s*;?\s*$/i;
const END = /^\s*(commit|rollback)\s*;?\s*$/i;

/** The error of a `commit` that the server answered by rolling back. */
export class RolledBackOnCommitError extends Error {
  constructor() {
    super('the transaction was rolled back instead of committed: one of its statements failed');
    this.name = 'RolledBackOnCommitError';
  }
}

/** The SQL text of a `query` call: a string, or a config object's `text`. */
function textOf(first: unknown): string | undefined {
  if (typeof first === 'string') {
    return first;
  }
  if (typeof first === 'object' && first !== null && typeof (first as { text?: unknown }).text === 'string') {
    return (first as { text: string }).text;
  }
  return undefined;
}

/**
 * A subclass of `Base` (`pg.Client`, for a pool in pipeline mode) that holds `begin` back until
 * the transaction's first statement and sends both at once. Calls with a callback or a query
 * object of another kind (a cursor) are passed on unchanged, and flush a held `begin` first.
 */
export function withPipelinedBegin<C extends QueryingClass>(Base: C): C {
  return class PipelinedBeginClient extends Base {
    #beginHeld = false;

    // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; each is passed on as it is.
    override query(...args: any[]): any {
      const text = textOf(args[0]);
      const promised = typeof args.at(-1) !== 'function' && typeof args[0]?.submit !== 'function';
      if (promised && text !== undefined && BEGIN.test(text) && !this.#beginHeld) {
        this.#beginHeld = true;
        return Promise.resolve({ command: 'BEGIN', rowCount: null, rows: [], fields: [] });
      }
      const end = text === undefined ? undefined : END.exec(text)?.[1]?.toLowerCase();
      if (promised && end !== undefined && this.#beginHeld) {
        // Nothing was sent since `begin`: no transaction is open on the server.
        this.#beginHeld = false;
        return Promise.resolve({ command: end.toUpperCase(), rowCount: null, rows: [], fields: [] });
      }
      if (!this.#beginHeld) {
        return end === 'commit' && promised ? checkedCommit(super.query(...args)) : super.query(...args);
      }
      this.#beginHeld = false;
      const begun: Promise<unknown> = super.query('begin');
      if (!promised) {
        // A callback or a query object settles on its own; a failed begin still fails what follows.
        begun.catch(() => {});
        return super.query(...args);
      }
      const statement: Promise<unknown> = super.query(...args);
      return Promise.all([begun, statement]).then(([, result]) => result);
    }
  };
}

/** `commit`'s result, or {@link RolledBackOnCommitError} when the server rolled back instead. */
async function checkedCommit(commit: Promise<{ command?: string }>): Promise<unknown> {
  const result = await commit;
  if (result.command === 'ROLLBACK') {
    throw new RolledBackOnCommitError();
  }
  return result;
}
