/**
 * Named prepared statements on PostgreSQL. Kysely sends every query as an unnamed statement, so
 * the server parses and plans it again each time; a named statement is parsed once per
 * connection and then only bound and executed. Data statements (`select`, `insert`, `update`,
 * `delete`, `with`) get a name per SQL text; anything else (schema changes, `begin`, `commit`) is
 * sent as it is.
 */
import type pg from 'pg';

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
 * Makes `client` send data statements called as `query(text, values)` (Kysely's form) as named
 * statements. Every other form of call is passed through unchanged.
 */
export function useNamedStatements(client: pg.PoolClient, names: StatementNames): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = (...args: unknown[]): unknown => {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values)) {
      const name = names.nameOf(text);
      if (name !== undefined) {
        return query({ name, text, values });
      }
    }
    return query(...args);
  };
  client.query = named as typeof client.query;
}
