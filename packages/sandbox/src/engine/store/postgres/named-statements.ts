/**
 * Named prepared statements on PostgreSQL. Kysely sends every query as an unnamed statement, so
 * the server parses and plans it again each time; a named statement is parsed once per
 * connection and then only bound and executed. Data statements (`select`, `insert`, `update`,
 * `delete`, `with`) get a name per SQL text; anything else (schema changes, `begin`, `commit`) is
 * sent as it is. The pool is given a client class of its own ({@link withNamedStatements}), so
 * Kysely's `PostgresDriver` and `pg` are used as they are.
 */
import type { QueryingClass } from './client-mixin.js';

/** Most SQL texts given a name; later new texts run unnamed (the set of queries is bounded). */
export const NAMED_STATEMENT_LIMIT = 1_000;

const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;

/** Names of SQL texts, shared by every connection of a pool. */
export interface StatementNames {
  nameOf(sql: string): string | undefined;
}

/** A {@link StatementNames} giving `svc_1`, `svc_2`, … in order of first use. */
export function createStatementNames(limit = NAMED_STATEMENT_LIMIT): StatementNames {
  const names = new Map<string, string>();
  return {
    nameOf(sql) {
      let name = names.get(sql);
      if (name === undefined && names.size < limit && DATA_STATEMENT.test(sql)) {
        name = `svc_${names.size + 1}`;
        names.set(sql, name);
      }
      return name;
    },
  };
}

/**
 * A subclass of `Base` (`pg.Client`, for `new pg.Pool({ Client })`) that sends data statements
 * called as `query(text, values)` (Kysely's form) as named statements. Every other form of call is
 * passed through unchanged.
 */
export function withNamedStatements<C extends QueryingClass>(Base: C, names: StatementNames): C {
  return class NamedStatementClient extends Base {
    // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; each is passed on as it is.
    override query(...args: any[]): any {
      const [text, values] = args;
      if (args.length === 2 && typeof text === 'string' && Array.isArray(values)) {
        const name = names.nameOf(text);
        if (name !== undefined) {
          return super.query({ name, text, values });
        }
      }
      return super.query(...args);
    }
  };
}
