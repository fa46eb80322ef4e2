/**
 * Turns at the store, per client: at most a few of one client's requests do store work at once,
 * and the others wait their turn in the order they came. A client that floods the sandbox then
 * holds at most its share of an instance's PostgreSQL connections (or of the places ahead in the
 * SQLite write queue), and every other client's requests still find room at once.
 */

/** Runs each client's store work in turns. */
export interface ClientTurns {
  /** Runs `work` in a turn of `clientId`: at once when the client has a turn free, else after the work of that client queued before it. */
  inTurn<T>(clientId: string, work: () => Promise<T>): Promise<T>;
}

/** A client's turns: how many run now, and who waits (in order). */
interface Turns {
  running: number;
  waiting: (() => void)[];
}

/** {@link ClientTurns} letting `share` requests of each client run at once (at least 1). */
export function createClientTurns(share: number): ClientTurns {
  if (!Number.isInteger(share) || share < 1) {
    throw new RangeError(`a client's share of turns must be a whole number of at least 1, not ${share}`);
  }
  // Only clients with work running or waiting are kept: the map stays as small as the traffic.
  const clients = new Map<string, Turns>();
  const release = (clientId: string, turns: Turns): void => {
    const next = turns.waiting.shift();
    if (next) {
      next(); // the turn passes on: `running` stays the same
      return;
    }
    turns.running -= 1;
    if (turns.running === 0) {
      clients.delete(clientId);
    }
  };
  return {
    async inTurn(clientId, work) {
      let turns = clients.get(clientId);
      if (!turns) {
        turns = { running: 0, waiting: [] };
        clients.set(clientId, turns);
      }
      if (turns.running < share) {
        turns.running += 1;
      } else {
        await new Promise<void>((resolve) => turns.waiting.push(resolve));
      }
      try {
        return await work();
      } finally {
        release(clientId, turns);
      }
    },
  };
}
