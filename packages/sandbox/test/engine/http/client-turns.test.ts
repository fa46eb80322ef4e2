/**
 * Turns at the store per client (`client-turns.ts`): at most `share` of a client's works run at
 * once, the rest start in the order they came at the round after turns free up, a round starts a
 * client with nothing under way first, other clients are never held, and a work that fails frees
 * its turn.
 */
import { describe, expect, it } from 'vitest';
import { createClientTurns } from '../../../src/engine/http/client-turns.js';

/** A work that runs until `finish()`, noting when it started. */
function heldWork(started: string[], name: string) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = () => resolve(name);
    fail = reject;
  });
  return {
    work: () => {
      started.push(name);
      return done;
    },
    finish: () => finish(),
    fail: (error: Error) => fail(error),
  };
}

/** Rounds run by hand: `run()` runs the round scheduled (and lets settled promises' callbacks run). */
function manualRounds() {
  const rounds: (() => void)[] = [];
  return {
    schedule: (round: () => void) => {
      rounds.push(round);
    },
    pending: () => rounds.length,
    run: async () => {
      await Promise.resolve();
      rounds.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe('client turns', () => {
  it('runs at most `share` works of a client at once and starts the others in order of arrival', async () => {
    const rounds = manualRounds();
    const turns = createClientTurns(2, rounds.schedule);
    const started: string[] = [];
    const works = ['a1', 'a2', 'a3', 'a4'].map((name) => heldWork(started, name));
    const results = works.map((held) => turns.inTurn('a', held.work));
    expect(started).toEqual([]);
    await rounds.run();
    expect(started).toEqual(['a1', 'a2']);
    // Both turns taken: no round until one frees up.
    expect(rounds.pending()).toBe(0);
    works[1]?.finish();
    await rounds.run();
    expect(started).toEqual(['a1', 'a2', 'a3']);
    works[0]?.finish();
    await rounds.run();
    expect(started).toEqual(['a1', 'a2', 'a3', 'a4']);
    works[2]?.finish();
    works[3]?.finish();
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'a3', 'a4']);
  });

  it("never holds one client's work behind another client's", async () => {
    const rounds = manualRounds();
    const turns = createClientTurns(1, rounds.schedule);
    const started: string[] = [];
    const noisy = ['b1', 'b2', 'b3'].map((name) => heldWork(started, name));
    const noisyResults = noisy.map((held) => turns.inTurn('b', held.work));
    const quiet = heldWork(started, 'q1');
    const quietResult = turns.inTurn('q', quiet.work);
    await rounds.run();
    expect(started).toEqual(['q1', 'b1']);
    quiet.finish();
    expect(await quietResult).toBe('q1');
    for (const held of noisy) {
      held.finish();
      await rounds.run();
    }
    expect(await Promise.all(noisyResults)).toEqual(['b1', 'b2', 'b3']);
  });

  it('starts a client with nothing under way first in a round, then the clients whose turns freed up', async () => {
    const rounds = manualRounds();
    const turns = createClientTurns(2, rounds.schedule);
    const started: string[] = [];
    const all = [
      ...['a1', 'a2', 'a3'].map((name) => ({ client: 'a', held: heldWork(started, name) })),
      ...['b1', 'b2', 'b3'].map((name) => ({ client: 'b', held: heldWork(started, name) })),
    ];
    const results = all.map(({ client, held }) => turns.inTurn(client, held.work));
    await rounds.run();
    expect(started).toEqual(['b1', 'b2', 'a1', 'a2']);
    all[0]?.held.finish();
    all[3]?.held.finish();
    const late = heldWork(started, 'c1');
    const lateResult = turns.inTurn('c', late.work);
    await rounds.run();
    expect(started.slice(4)).toEqual(['c1', 'a3', 'b3']);
    for (const { held } of all) {
      held.finish();
    }
    late.finish();
    expect(await Promise.all([...results, lateResult])).toEqual(['a1', 'a2', 'a3', 'b1', 'b2', 'b3', 'c1']);
  });

  it("starts a request that arrives behind another client's queue of busy works before that queue's rest", async () => {
    // The default rounds: one per turn of the event loop, after it has looked for new requests.
    const turns = createClientTurns(5);
    const order: string[] = [];
    // Works that hold the process's CPU, as SQLite's store work does, and finish in it.
    const busy = (name: string) => async () => {
      order.push(name);
      const until = performance.now() + 1;
      while (performance.now() < until) {
        // the store's statements
      }
      return name;
    };
    const flood = Array.from({ length: 12 }, (_, index) => turns.inTurn('noisy', busy(`n${index + 1}`)));
    // Arrives while the flood's first works run: at the next look at the sockets.
    const quiet = new Promise<string>((resolve) => setImmediate(() => resolve(turns.inTurn('quiet', busy('q1')))));
    await Promise.all([...flood, quiet]);
    // The flood's first round (its 5 turns) ran before the quiet request arrived; the rest after it.
    expect(order.indexOf('q1')).toBe(5);
    expect(order.filter((name) => name !== 'q1')).toEqual(Array.from({ length: 12 }, (_, index) => `n${index + 1}`));
  });

  it('frees the turn of a work that fails, and passes its error on', async () => {
    const rounds = manualRounds();
    const turns = createClientTurns(1, rounds.schedule);
    const started: string[] = [];
    const failing = heldWork(started, 'f1');
    const next = heldWork(started, 'f2');
    const failed = turns.inTurn('f', failing.work);
    const after = turns.inTurn('f', next.work);
    await rounds.run();
    failing.fail(new Error('the store went away'));
    await expect(failed).rejects.toThrow('the store went away');
    await rounds.run();
    expect(started).toEqual(['f1', 'f2']);
    next.finish();
    expect(await after).toBe('f2');
  });

  it('passes on the error of a work that throws before it awaits anything', async () => {
    const turns = createClientTurns(1);
    const failed = turns.inTurn('t', () => {
      throw new Error('refused at once');
    });
    await expect(failed).rejects.toThrow('refused at once');
    expect(await turns.inTurn('t', async () => 'next')).toBe('next');
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses a share of %s', (share) => {
    expect(() => createClientTurns(share)).toThrow(RangeError);
  });
});
