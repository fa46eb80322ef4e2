/** Payment amounts: greater than 0 with at most two decimals, in `EUR` or `GBP`. */
import { hasAtMostDecimalPlaces } from '@svc/server-kit';

/**
 * Whether `value` has at most two decimal places (allowing for binary floating-point noise): the
 * schema's `x-decimal-places: 2`, which request validation already applies; the same arithmetic.
 */
export function hasAtMostTwoDecimals(value: number): boolean {
  return hasAtMostDecimalPlaces(value, 2);
}
