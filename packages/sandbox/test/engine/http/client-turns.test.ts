/**
 * Turns at the store per client (`client-turns.ts`): at most `share` of a client's works run at
 * once, the rest start in the order they came as turns free up, other clients are never held,
 * and a work that fails frees its turn.
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

/** Lets every settled promise's callbacks run. */
const turnOfEventLoop = () => new Promise((resolve) => setImmediate(resolve));

describe('client turns', () => {
  it('runs at most `share` works of a client at once and starts the others in order of arrival', async () => {
    const turns = createClientTurns(2);
    const started: string[] = [];
    const works = ['a1', 'a2', 'a3', 'a4'].map((name) => heldWork(started, name));
    const results = works.map((held) => turns.inTurn('a', held.work));
    await turnOfEventLoop();
    expect(started).toEqual(['a1', 'a2']);
    works[1]?.finish();
    await turnOfEventLoop();
    expect(started).toEqual(['a1', 'a2', 'a3']);
    works[0]?.finish();
    await turnOfEventLoop();
    expect(started).toEqual(['a1', 'a2', 'a3', 'a4']);
    works[2]?.finish();
    works[3]?.finish();
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'a3', 'a4']);
  });

  it("never holds one client's work behind another client's", async () => {
    const turns = createClientTurns(1);
    const started: string[] = [];
    const noisy = ['b1', 'b2', 'b3'].map((name) => heldWork(started, name));
    const noisyResults = noisy.map((held) => turns.inTurn('b', held.work));
    const quiet = heldWork(started, 'q1');
    const quietResult = turns.inTurn('q', quiet.work);
    await turnOfEventLoop();
    expect(started).toEqual(['b1', 'q1']);
    quiet.finish();
    expect(await quietResult).toBe('q1');
    for (const held of noisy) {
      held.finish();
    }
    expect(await Promise.all(noisyResults)).toEqual(['b1', 'b2', 'b3']);
  });

  it('frees the turn of a work that fails, and passes its error on', async () => {
    const turns = createClientTurns(1);
    const started: string[] = [];
    const failing = heldWork(started, 'f1');
    const next = heldWork(started, 'f2');
    const failed = turns.inTurn('f', failing.work);
    const after = turns.inTurn('f', next.work);
    failing.fail(new Error('the store went away'));
    await expect(failed).rejects.toThrow('the store went away');
    await turnOfEventLoop();
    expect(started).toEqual(['f1', 'f2']);
    next.finish();
    expect(await after).toBe('f2');
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses a share of %s', (share) => {
    expect(() => createClientTurns(share)).toThrow(RangeError);
  });
});
