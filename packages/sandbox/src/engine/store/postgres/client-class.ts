/**
 * The pool's one client class: pg's `Client` whose `query(text, values)` (the form Kysely's
 * `PostgresDriver` uses for every statement, `begin` and `commit` included) runs through the
 * connection's pieces (`send-query.ts`), composed once per connection, and reaches pg as
 * `statement-query.ts` hands it over (each named statement described once per connection). pg's other forms (a config
 * object, a callback, a cursor) are refused: they would go round the pieces (a held `begin`, the
 * request's flight), and nothing in the store sends them.
 */
import pg from 'pg';
import { type Answer, type ConnectionPiece, composePieces, type SendQuery } from './send-query.js';
import { RowShapes, sendStatement } from './statement-query.js';

/** The error of a call of `query` in a form other than `query(text, values)`. */
export class UnsupportedQueryFormError extends TypeError {
  constructor() {
    super(
      "the store's PostgreSQL connections send statements as query(text, values) only (Kysely's form); a config object, a callback or a cursor would bypass the connection's pieces",
    );
    this.name = 'UnsupportedQueryFormError';
  }
}

/** A subclass of pg's `Client` (for `new pg.Pool({ Client })`) whose statements go through `pieces`, in order. */
export function clientClassWith(pieces: readonly ConnectionPiece[]): typeof pg.Client {
  return class StoreClient extends pg.Client {
    #send: SendQuery | undefined;

    /** Kysely's form: `text` with its `values`, through the pieces. */
    override query(text: string, values?: readonly unknown[]): Promise<Answer>;
    /** pg's other forms: refused ({@link UnsupportedQueryFormError}); declared as pg declares them. */
    override query<T extends pg.Submittable>(queryStream: T): T;
    override query(first: unknown, ...rest: unknown[]): void;
    override query(first: unknown, ...rest: unknown[]): Promise<Answer> {
      const [values = []] = rest;
      if (typeof first !== 'string' || rest.length > 1 || !Array.isArray(values)) {
        throw new UnsupportedQueryFormError();
      }
      if (this.#send === undefined) {
        const shapes = new RowShapes();
        const query = (statementQuery: pg.Submittable) => super.query(statementQuery);
        this.#send = composePieces(pieces, (statement) => sendStatement(query, statement, shapes), {
          socket: () => this.connection.stream,
        });
      }
      return this.#send({ text: first, values });
    }
  };
}
