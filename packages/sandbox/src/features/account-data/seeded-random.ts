/**
 * A deterministic pseudo-random sequence from a text seed (mulberry32 over a SHA-256 of the
 * seed): generated data varies between Items but is identical on every call for one Item. A
 * seed's client namespace is left out, so every client's canonical Item has the same data.
 */
import { createHash } from 'node:crypto';
import { withoutAnyNamespace } from '../../engine/index.js';

/** Numbers in [0, 1), the same sequence for the same seed. */
export type SeededRandom = () => number;

/** A {@link SeededRandom} for `seed`. */
export function seededRandom(seed: string): SeededRandom {
  let state = createHash('sha256').update(withoutAnyNamespace(seed)).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How many derived digit strings are remembered; the memory is emptied when it is full. */
const DERIVED_MEMORY_SIZE = 10_000;
const derivedMemory = new Map<string, string>();

/**
 * `length` decimal digits derived from `seed` (stable for a seed). Account numbers are derived on
 * every read, so the results are remembered rather than hashed again.
 */
export function derivedDigits(seed: string, length: number): string {
  const key = `${length}:${seed}`;
  let digits = derivedMemory.get(key);
  if (digits === undefined) {
    if (derivedMemory.size >= DERIVED_MEMORY_SIZE) {
      derivedMemory.clear();
    }
    digits = digitsOf(withoutAnyNamespace(seed), length);
    derivedMemory.set(key, digits);
  }
  return digits;
}

function digitsOf(seed: string, length: number): string {
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
