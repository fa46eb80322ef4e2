/**
 * How the store's connection hands one statement to pg, doing less per statement than
 * `client.query({ text, values, name })` does:
 * - no copy of a config object (pg copies it with its property descriptors) and no promise of
 *   pg's own under the store's (pg's `query` given a query object answers by its callback);
 * - a named statement's rows are described once per connection: pg asks the server to describe
 *   the result of every execution and, from each description, looks up a parser per column and
 *   builds the empty row again. {@link RowShapes} keeps what the first description gave (per
 *   statement name); later executions of that statement are sent without the `Describe`
 *   message (the server then sends no description) and parse their rows with the kept fields.
 *   A prepared statement's result columns cannot change on its connection (PostgreSQL fails an
 *   execution whose plan would change them: "cached plan must not change result type"), so the
 *   rows are the same objects, parsed by the same parsers, as pg builds them.
 *
 * It relies on pg's `Query` and `Result` internals (pg 8, pinned by the lockfile), named in
 * {@link PgQueryInternals}; the tests of this module run it against a real PostgreSQL.
 */
import pg from 'pg';
import type { Answer, Statement } from './send-query.js';

/** What a statement's description leaves on pg's `Result`: its fields, their parsers and the empty row. */
interface RowShape {
  readonly fields: unknown[];
  readonly parsers: unknown[] | undefined;
  readonly emptyRow: object | null;
}

/** The part of pg's `Result` a {@link RowShape} is read from and applied to. */
interface PgResultInternals {
  fields: unknown[];
  _parsers: unknown[] | undefined;
  _prebuiltEmptyResultObject: object | null;
}

/** The part of pg's `Connection` that pg's `Query#prepare` writes a statement's messages with. */
interface PgConnection {
  describe(message: { type: string; name: string }): void;
}

/** The part of pg's `Query` (lib/query.js) this module overrides or reads. */
interface PgQueryInternals extends pg.Submittable {
  name: string | undefined;
  _result: PgResultInternals;
  _accumulateRows: unknown;
  prepare(connection: PgConnection): void;
  handleRowDescription(message: { fields: unknown[] }): void;
  handleCommandComplete(message: unknown, connection: PgConnection): void;
}

type QueryCallback = (error: Error | null, result: Answer) => void;

const PgQuery = pg.Query as unknown as new (
  text: string,
  values: unknown[],
  callback: QueryCallback,
) => PgQueryInternals;

/** The shape of a statement whose description said it returns no rows (`NoData`). */
const NO_ROWS: RowShape = { fields: [], parsers: undefined, emptyRow: null };

/**
 * The row shapes of one connection's named statements, and the view of its pg connection that
 * sends no `Describe` (created with the first statement that needs it).
 */
export class RowShapes {
  readonly #shapes = new Map<string, RowShape>();
  #quiet: { of: PgConnection; view: PgConnection } | undefined;

  /** The shape kept for the statement named `name`. */
  get(name: string): RowShape | undefined {
    return this.#shapes.get(name);
  }

  /** Keeps `shape` for the statement named `name` (the first kept stays). */
  keep(name: string, shape: RowShape): void {
    if (!this.#shapes.has(name)) {
      this.#shapes.set(name, shape);
    }
  }

  /** `connection` with a `describe` that sends nothing (everything else is the connection's own). */
  withoutDescribe(connection: PgConnection): PgConnection {
    if (this.#quiet?.of !== connection) {
      const view = Object.create(connection) as PgConnection;
      view.describe = () => {};
      this.#quiet = { of: connection, view };
    }
    return this.#quiet.view;
  }
}

/** pg's query of one statement, described once per connection (see the module comment). */
class StatementQuery extends PgQuery {
  readonly #shapes: RowShapes;

  constructor(statement: Statement, shapes: RowShapes, callback: QueryCallback) {
    // pg only reads the values (its types ask for a mutable array).
    super(statement.text, statement.values as unknown[], callback);
    this.name = statement.name;
    this.#shapes = shapes;
  }

  /** pg's `prepare`, without `Describe` when the statement's shape is kept: the kept shape is applied instead. */
  override prepare(connection: PgConnection): void {
    const shape = this.name === undefined ? undefined : this.#shapes.get(this.name);
    if (shape === undefined) {
      super.prepare(connection);
      return;
    }
    const result = this._result;
    result.fields = shape.fields;
    result._parsers = shape.parsers;
    result._prebuiltEmptyResultObject = shape.emptyRow;
    // As pg's `handleRowDescription` decides for a query answered by its callback.
    this._accumulateRows = true;
    super.prepare(this.#shapes.withoutDescribe(connection));
  }

  /** pg's handling, then the shape kept for the statement's later executions. */
  override handleRowDescription(message: { fields: unknown[] }): void {
    super.handleRowDescription(message);
    if (this.name !== undefined) {
      const { fields, _parsers, _prebuiltEmptyResultObject } = this._result;
      this.#shapes.keep(this.name, { fields, parsers: _parsers, emptyRow: _prebuiltEmptyResultObject });
    }
  }

  /** pg's handling; a described named statement completed without a row description returns no rows. */
  override handleCommandComplete(message: unknown, connection: PgConnection): void {
    super.handleCommandComplete(message, connection);
    if (this.name !== undefined && this._result.fields.length === 0) {
      this.#shapes.keep(this.name, NO_ROWS);
    }
  }
}

/** The client's `query` of pg, as the store's client class calls it: with a query object, answered by its callback. */
type QueryOf = (query: pg.Submittable) => unknown;

/**
 * Sends `statement` with `query` (pg's `Client#query` of the connection whose statements
 * `shapes` describes) and resolves with pg's result; rejects with pg's error, its stack trace
 * leading back here as pg's own promise does it.
 */
export function sendStatement(query: QueryOf, statement: Statement, shapes: RowShapes): Promise<Answer> {
  return new Promise((resolve, reject) => {
    query(
      new StatementQuery(statement, shapes, (error, result) => {
        if (error) {
          Error.captureStackTrace(error);
          reject(error);
        } else {
          resolve(result);
        }
      }),
    );
  });
}
