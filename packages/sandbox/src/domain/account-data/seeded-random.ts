/**
 * A deterministic pseudo-random sequence from a text seed (mulberry32 over a SHA-256 of the
 * seed): generated data varies between Items but is identical on every call for one Item.
 */
import { createHash } from 'node:crypto';

/** Numbers in [0, 1), the same sequence for the same seed. */
export type SeededRandom = () => number;

/** A {@link SeededRandom} for `seed`. */
export function seededRandom(seed: string): SeededRandom {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `length` decimal digits derived from `seed` (stable for a seed). */
export function derivedDigits(seed: string, length: number): string {
  const digest = createHash('sha256').update(seed).digest();
  let out = '';
  for (let index = 0; index < length; index++) {
    out += String((digest[index % digest.length] ?? 0) % 10);
  }
  return out;
}

/** `amount` rounded to cents. */
export function cents(amount: number): number {
  return Math.round(amount * 100) / 100;
}
