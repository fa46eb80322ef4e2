/**
 * The statements a connection is given in one tick of the event loop written to its socket in one
 * system call. In pipeline mode `pg` writes each statement as soon as it is given: its messages
 * (parse, bind, execute, sync) in one write, but one write per statement, so a round trip that
 * carries `begin`, a request's fault rules and five reads costs seven `write` calls, each a
 * system call (about a fifth of a write request's CPU in the sandbox process, profiled).
 * {@link coalescedWrites} corks the socket when the first statement of a tick is given and uncorks
 * it in a `process.nextTick` callback, which runs as soon as the code that gave it returns: every
 * statement given meanwhile (a batch of `together`, a held `begin` with the statement it travels
 * with, a flight's statement) leaves in one `writev`. Nothing waits longer than the code running
 * now, and the statements keep their order.
 */
import type { ConnectionPiece, Corkable } from './send-query.js';

/** The piece that writes the statements given in one tick together (see the module comment); the last before pg. */
export const coalescedWrites: ConnectionPiece = (next, connection) => {
  let corked: Corkable | undefined;
  return (statement) => {
    if (corked === undefined) {
      const socket = connection.socket();
      socket.cork();
      corked = socket;
      process.nextTick(() => {
        corked = undefined;
        socket.uncork();
      });
    }
    return next(statement);
  };
};
