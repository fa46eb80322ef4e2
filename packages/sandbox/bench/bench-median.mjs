// @ts-check
/**
 * The median the benchmarks report of their rounds (floor.mjs, cache-miss.mjs, instances.mjs).
 * Plain JS, as the benches are (see the package README).
 */

/**
 * The middle value of `values` (of an even count, the lower of the two in the middle).
 * @param {readonly number[]} values
 * @returns {number}
 */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return /** @type {number} */ (sorted[Math.floor((sorted.length - 1) / 2)]);
}
