/**
 * Maps used as caches of a fixed size: a map keeps insertion order, so its first key is the
 * oldest one and the one to drop.
 */

/** Sets `key` to `value` in `map`, first dropping the oldest entry when `map` already holds `size`. */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, size: number): void {
  if (!map.has(key) && map.size >= size) {
    const oldest = map.keys().next();
    if (!oldest.done) {
      map.delete(oldest.value);
    }
  }
  map.set(key, value);
}
