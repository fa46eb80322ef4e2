/**
 * A decision from a statement's text made once per text, for the texts decided last.
 */
import { describe, expect, it } from 'vitest';
import { oncePerText } from '../../../src/engine/store/once-per-text.js';

/** `oncePerText` over a decision counting its calls per text. */
function counting(size = 100) {
  const calls: string[] = [];
  const decide = oncePerText((text) => {
    calls.push(text);
    return { length: text.length };
  }, size);
  return { calls, decide };
}

describe('oncePerText', () => {
  it('decides each text once and answers the same decision after', () => {
    const { calls, decide } = counting();
    const first = decide('select 1');
    expect(decide('select 1')).toBe(first);
    expect(decide('commit')).toEqual({ length: 6 });
    expect(decide('select 1')).toBe(first);
    expect(calls).toEqual(['select 1', 'commit']);
  });

  it('forgets the oldest text beyond its size and decides it again', () => {
    const { calls, decide } = counting(2);
    for (const text of ['a', 'b', 'c', 'b', 'a']) {
      decide(text);
    }
    expect(calls).toEqual(['a', 'b', 'c', 'a']);
  });
});
