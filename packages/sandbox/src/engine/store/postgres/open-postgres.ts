/**
 * The PostgreSQL side of the store: Kysely's `PostgresDialect` over a `pg` pool in pipeline mode
 * whose clients send data statements as named statements (`named-statements.ts`), `begin`
 * together with a transaction's first statement (`pipelined-begin.ts`) and a request's first
 * flight (`request-flight.ts`), for a sandbox shared by several instances.
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../database.js';
import { withCoalescedWrites } from './coalesced-writes.js';
import { createStatementNames, withNamedStatements } from './named-statements.js';
import { withPipelinedBegin } from './pipelined-begin.js';
import { withRequestFlights } from './request-flight.js';
import { withStatementsTogether } from './statements-together.js';

/** An open PostgreSQL database of the store. */
export interface OpenedPostgres {
  db: Kysely<Database>;
  /** The database URL without its password. */
  description: string;
}

/** Connects to the database at `url` with at most `poolSize` connections. */
export function openPostgres(url: string, poolSize = 10): OpenedPostgres {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Queries of a connection go out without waiting for the answers of those before them, so
    // `begin` travels with the transaction's first statement (pipelined-begin.ts).
    pipeline: true,
    // A request's fault-rule lookup rides with its first statement (request-flight.ts); batches of
    // `together` go out at once (statements-together.ts).
    // Statements given in one tick leave in one write to the socket (coalesced-writes.ts).
    Client: withStatementsTogether(
      withRequestFlights(
        withNamedStatements(withPipelinedBegin(withCoalescedWrites(pg.Client)), createStatementNames()),
      ),
    ),
  });
  // A connection that breaks (the server stopped or restarted) must not crash the process: the
  // query under way fails and is answered 503; the pool opens new connections later.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), description: redactUrl(url) };
}

/** A database URL without its password: `postgres://svc:***@127.0.0.1:5432/sandbox`. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) {
      parsed.password = '***';
    }
    return parsed.toString();
  } catch {
    return '(a database URL that is not a valid URL)';
  }
}
