/**
 * Named prepared statements on PostgreSQL. Kysely sends every query as an unnamed statement, so
 * the server parses and plans it again each time; a named statement is parsed once per
 * connection and then only bound and executed. Data statements (`select`, `insert`, `update`,
 * `delete`, `with`) get a name per SQL text ({@link namedStatements}); anything else (schema
 * changes, `begin`, `commit`) is sent as it is.
 */
import type { ConnectionPiece } from './send-query.js';

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

/** The piece that sends the data statements `names` names as named statements; every other statement as it is. */
export function namedStatements(names: StatementNames): ConnectionPiece {
  return (next) => (statement) => {
    const name = statement.name ?? names.nameOf(statement.text);
    return next(name === undefined ? statement : { ...statement, name });
  };
}
