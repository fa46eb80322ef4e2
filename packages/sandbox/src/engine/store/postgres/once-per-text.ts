/**
 * What a connection's pieces decide from a statement's SQL text (is it `begin`, a `commit`, a
 * read only?) decided once per text: the store sends the same few hundred texts over and over,
 * and some of those tests scan the whole text (a read-only select names no data-modifying
 * command), a few µs per statement.
 */
import { setBounded } from '../bounded-map.js';
import { NAMED_STATEMENT_LIMIT } from './named-statements.js';

/**
 * `decide`, remembered per text for the `size` texts decided last (the oldest forgotten first),
 * shared by every connection that calls the result.
 */
export function oncePerText<T extends object>(
  decide: (text: string) => T,
  size = NAMED_STATEMENT_LIMIT,
): (text: string) => T {
  const decided = new Map<string, T>();
  return (text) => {
    let known = decided.get(text);
    if (known === undefined) {
      known = decide(text);
      setBounded(decided, text, known, size);
    }
    return known;
  };
}
