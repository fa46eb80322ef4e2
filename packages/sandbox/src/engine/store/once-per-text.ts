/**
 * A decision from a statement's SQL text made once per text: the store sends the same few hundred
 * texts over and over, and some decisions scan the whole text (a read-only select names no
 * data-modifying command; which table a write changes), a few µs per statement. The PostgreSQL
 * connection's pieces (`postgres/request-flight.ts`, `postgres/pipelined-begin.ts`) and the SQLite
 * read cache (`sqlite/read-cache.ts`) decide through it.
 */
import { setBounded } from './bounded-map.js';

/**
 * `decide`, remembered per text for the `size` texts decided last (the oldest forgotten first),
 * shared by every caller of the result.
 */
export function oncePerText<T extends object>(decide: (text: string) => T, size: number): (text: string) => T {
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
