/**
 * ISO 8601 durations of fixed length, as `/sandbox/clock/advance` takes them: weeks, days, hours,
 * minutes and seconds (`P1D`, `PT31M`, `P1W2DT3H`, `PT0.5S`). Years and months are left out:
 * their length depends on the date they start from.
 */

/** The accepted form (also the `pattern` of the request schema). */
export const DURATION_PATTERN =
  /^P(?!$)(?:(\d+)W)?(?:(\d+)D)?(?:T(?=\d)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d{1,3})?)S)?)?$/;

const UNIT_MS = [7 * 86_400_000, 86_400_000, 3_600_000, 60_000, 1000] as const;

/** The length of `duration` in milliseconds, or undefined when it is not of the accepted form. */
export function durationMs(duration: string): number | undefined {
  const match = DURATION_PATTERN.exec(duration);
  if (!match) {
    return undefined;
  }
  let total = 0;
  UNIT_MS.forEach((unit, index) => {
    const part = match[index + 1];
    if (part !== undefined) {
      total += Number(part) * unit;
    }
  });
  return Math.round(total);
}
