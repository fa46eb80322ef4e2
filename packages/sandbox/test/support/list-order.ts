/**
 * The order of `/transfer/list` and `/bank_transfer/list` (spec/paths/transfer@list.yaml): newest
 * `created` first, ties broken by id (descending, as the sandbox orders them), for tests to sort
 * what they expect a list to return.
 */

/** A listed record: its id and its `created` date-time. */
export interface Listed {
  id: string;
  created: string;
}

/**
 * Compares two listed records in list order, for `Array.prototype.sort`. `created` is an RFC 3339
 * date-time written without fractional seconds when they are zero, so it is compared as an
 * instant: `2026-11-28T18:36:55Z` is 70 ms older than `2026-11-28T18:36:55.070Z`, although it
 * sorts after it as a string.
 */
export function newestFirst(x: Listed, y: Listed): number {
  const newer = Date.parse(y.created) - Date.parse(x.created);
  if (newer !== 0) {
    return newer;
  }
  return x.id === y.id ? 0 : x.id < y.id ? 1 : -1;
}
