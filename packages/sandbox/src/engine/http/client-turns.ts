/**
 * Turns at the store, per client, served in rounds: at most a few of one client's requests do
 * store work at once, the others wait their turn in the order they came, and each round (a turn
 * of the event loop, after it has looked for new requests) starts the works whose turn has come,
 * client by client, a client with nothing under way first.
 *
 * A client that floods the sandbox then holds at most its share of an instance's PostgreSQL
 * connections, and on SQLite, where the store runs one piece of work at a time in the process,
 * another client's request that arrives behind the flood is started ahead of the flood's next
 * works: it waits for the works already started, not for every one that arrived before it.
 */

/** Runs each client's store work in turns. */
export interface ClientTurns {
  /**
   * Runs `work` in a turn of `clientId`: at the next round when the client has a turn free, else
   * at the round after the work of that client queued before it frees one.
   */
  inTurn<T>(clientId: string, work: () => Promise<T>): Promise<T>;
}

/** A work waiting for its turn, with how to settle the caller's promise. */
interface Queued {
  work: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/** A client's turns: how many run now, who waits (in order), and whether the next round serves it. */
interface Turns {
  running: number;
  waiting: Queued[];
  inRound: boolean;
}

/** Hands a round to a later turn of the event loop (after it has looked at the sockets). */
export type RoundScheduler = (round: () => void) => void;

/**
 * {@link ClientTurns} letting `share` requests of each client run at once (at least 1); `schedule`
 * runs a round (default: `setImmediate`, after the event loop's poll for new requests).
 */
export function createClientTurns(share: number, schedule: RoundScheduler = setImmediate): ClientTurns {
  if (!Number.isInteger(share) || share < 1) {
    throw new RangeError(`a client's share of turns must be a whole number of at least 1, not ${share}`);
  }
  // Only clients with work running or waiting are kept: the map stays as small as the traffic.
  const clients = new Map<string, Turns>();
  // The clients the next round starts a work of, in order.
  let next: string[] = [];
  let scheduled = false;

  const round = (): void => {
    scheduled = false;
    const serving = next;
    next = [];
    for (const clientId of serving) {
      const turns = clients.get(clientId);
      if (!turns) {
        continue;
      }
      turns.inRound = false;
      for (let queued = turns.waiting.shift(); queued; queued = turns.waiting.shift()) {
        turns.running += 1;
        void start(clientId, turns, queued);
        if (turns.running >= share) {
          break;
        }
      }
    }
  };
  // Puts a client with a waiting work and a free turn into the next round: first when it has
  // nothing under way, else after the others.
  const enter = (clientId: string, turns: Turns, first: boolean): void => {
    if (turns.inRound || turns.waiting.length === 0 || turns.running >= share) {
      return;
    }
    turns.inRound = true;
    if (first) {
      next.unshift(clientId);
    } else {
      next.push(clientId);
    }
    if (!scheduled) {
      scheduled = true;
      schedule(round);
    }
  };
  const start = async (clientId: string, turns: Turns, queued: Queued): Promise<void> => {
    try {
      queued.resolve(await queued.work());
    } catch (error) {
      queued.reject(error);
    } finally {
      turns.running -= 1;
      if (turns.running === 0 && turns.waiting.length === 0) {
        clients.delete(clientId);
      } else {
        enter(clientId, turns, false);
      }
    }
  };
  return {
    inTurn<T>(clientId: string, work: () => Promise<T>): Promise<T> {
      let turns = clients.get(clientId);
      if (!turns) {
        turns = { running: 0, waiting: [], inRound: false };
        clients.set(clientId, turns);
      }
      const held = turns;
      return new Promise<T>((resolve, reject) => {
        held.waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
        enter(clientId, held, held.running === 0);
      });
    },
  };
}
