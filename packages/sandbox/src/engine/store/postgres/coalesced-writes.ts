/**
 * The statements a connection is given in one tick of the event loop written to its socket in one
 * system call. In pipeline mode `pg` writes each statement as soon as it is given: its messages
 * (parse, bind, execute, sync) in one write, but one write per statement, so a round trip that
 * carries `begin`, a request's fault rules and five reads costs seven `write` calls, each a
 * system call (about a fifth of a write request's CPU in the sandbox process, profiled). The client
 * class of {@link withCoalescedWrites} corks the socket when the first statement of a tick is
 * given and uncorks it in a `process.nextTick` callback, which runs as soon as the code that gave
 * it returns: every statement given meanwhile (a batch of `together`, a held `begin` with the
 * statement it travels with, a flight's statement) leaves in one `writev`. Nothing waits longer
 * than the code running now, and the statements keep their order.
 */
import type { QueryingClass } from './client-mixin.js';

/** The part of a socket this needs (a `net.Socket` or `tls.TLSSocket`). */
interface Corkable {
  cork(): void;
  uncork(): void;
}

/**
 * A subclass of `Base` (`pg.Client`) whose statements given in one tick are written to the socket
 * together (see the module comment).
 */
export function withCoalescedWrites<C extends QueryingClass>(Base: C): C {
  return class CoalescedWritesClient extends Base {
    #corked: Corkable | undefined;

    // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; each is passed on as it is.
    override query(...args: any[]): any {
      if (this.#corked === undefined) {
        const stream = (this as { connection?: { stream?: Partial<Corkable> } }).connection?.stream;
        if (typeof stream?.cork === 'function' && typeof stream.uncork === 'function') {
          const corked = stream as Corkable;
          corked.cork();
          this.#corked = corked;
          process.nextTick(() => {
            this.#corked = undefined;
            corked.uncork();
          });
        }
      }
      return super.query(...args);
    }
  };
}
