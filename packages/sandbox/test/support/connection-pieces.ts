/**
 * Driving one piece of the store's PostgreSQL connection (`src/engine/store/postgres/send-query.ts`)
 * without pg: the piece over a `next` of the test's own, on a connection whose socket does nothing.
 */
import type { Answer, ConnectionPiece, SendQuery } from '../../src/engine/store/postgres/send-query.js';

/** `piece` over `next`, as one connection would compose it. */
export function pieceOver(piece: ConnectionPiece, next: SendQuery): SendQuery {
  return piece(next, { socket: () => ({ cork() {}, uncork() {} }) });
}

/** An answer of `command` with `rows`, as pg gives it. */
export function answer(command: string, rows: unknown[] = []): Answer {
  return { command, rowCount: rows.length, rows };
}
