/**
 * The PostgreSQL side of the store, for a sandbox shared by several instances: Kysely's
 * `PostgresDialect` over a `pg` pool in pipeline mode whose connections send each statement
 * through the pieces of {@link connectionPieces}, in order (`send-query.ts`).
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../database.js';
import type { WithRequestLookup } from '../request-lookup.js';
import { clientClassWith } from './client-class.js';
import { coalescedWrites } from './coalesced-writes.js';
import { createStatementNames, namedStatements } from './named-statements.js';
import { pipelinedBegin } from './pipelined-begin.js';
import { lookUpInFlight, requestFlights } from './request-flight.js';
import type { ConnectionPiece } from './send-query.js';
import { statementsTogether } from './statements-together.js';

/**
 * What the connections of one pool do with each statement, the first piece seeing it first (the
 * pool's connections share the names of its statements).
 */
export function connectionPieces(): readonly ConnectionPiece[] {
  return [
    // A batch of `together` (`together.ts`): each of its statements handed to the pieces below at once.
    statementsTogether,
    // A request's lookup (its fault rules) sent right before its first statement; commits wait for its decision.
    requestFlights,
    // Data statements as named prepared statements, parsed once per connection.
    namedStatements(createStatementNames()),
    // `begin` held back and sent with the transaction's first statement (pipeline mode: one round trip).
    pipelinedBegin,
    // Statements given in one tick leave in one write to the socket.
    coalescedWrites,
  ];
}

/** An open PostgreSQL database of the store. */
export interface OpenedPostgres {
  db: Kysely<Database>;
  /** The database URL without its password. */
  description: string;
  /** A request's lookup, sent with its work's first statement (`request-flight.ts`). */
  withRequestLookup: WithRequestLookup;
}

/** Connects to the database at `url` with at most `poolSize` connections. */
export function openPostgres(url: string, poolSize = 10): OpenedPostgres {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Queries of a connection go out without waiting for the answers of those before them, so
    // statements handed over together share a round trip.
    pipeline: true,
    Client: clientClassWith(connectionPieces()),
  });
  // A connection that breaks (the server stopped or restarted) must not crash the process: the
  // query under way fails and is answered 503; the pool opens new connections later.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, description: redactUrl(url), withRequestLookup: lookUpInFlight(db) };
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
