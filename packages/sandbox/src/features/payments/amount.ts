/** Payment amounts: greater than 0 with at most two decimals, in `EUR` or `GBP`. */

/** Whether `value` has at most two decimal places (allowing for binary floating-point noise). */
export function hasAtMostTwoDecimals(value: number): boolean {
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}
