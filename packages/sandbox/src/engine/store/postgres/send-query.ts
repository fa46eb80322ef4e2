/**
 * The shape every behaviour of the store's PostgreSQL connection shares: a statement goes in, pg's
 * answer comes out ({@link SendQuery}). Each behaviour is a {@link ConnectionPiece}: given how the
 * rest of the connection sends (`next`), it says how to send, changing the statement, holding it
 * back, sending others with it or answering it itself. {@link composePieces} stacks them in the
 * order of a list, the first seeing each statement first; `client-class.ts` installs the result
 * on the pool's one client class, and `open-postgres.ts` holds the list.
 */

/** One statement as the connection sends it: pg's query config. */
export interface Statement {
  readonly text: string;
  readonly values: readonly unknown[];
  /** The name of a named prepared statement (`named-statements.ts`); unnamed without it. */
  readonly name?: string;
}

/** pg's answer to one statement: the fields the query layer (Kysely) reads. */
export interface Answer {
  command: string;
  rowCount: number | null;
  rows: unknown[];
}

/** Sends a statement on the connection and resolves with its answer. */
export type SendQuery = (statement: Statement) => Promise<Answer>;

/** The part of a connection's socket the pieces use (a `net.Socket` or `tls.TLSSocket`). */
export interface Corkable {
  cork(): void;
  uncork(): void;
}

/** What a piece may ask of the connection it is part of. */
export interface PieceConnection {
  /** The connection's socket as it is now (pg replaces it when it upgrades to TLS). */
  socket(): Corkable;
}

/**
 * One behaviour of the connection: called once per connection with how the pieces after it (and
 * finally pg) send, it returns how it sends. State it keeps (a held `begin`, whether a transaction
 * is open) belongs to that one connection.
 */
export type ConnectionPiece = (next: SendQuery, connection: PieceConnection) => SendQuery;

/**
 * The {@link SendQuery} of one connection: `pieces` in order (the first sees each statement
 * first), over `send`, which hands a statement to pg.
 */
export function composePieces(
  pieces: readonly ConnectionPiece[],
  send: SendQuery,
  connection: PieceConnection,
): SendQuery {
  return pieces.reduceRight<SendQuery>((next, piece) => piece(next, connection), send);
}

/** An answer made without the server (a held `begin`, an empty transaction's end). */
export function answerOf(command: string): Answer {
  return { command, rowCount: null, rows: [] };
}
