import { describe, expect, it } from 'vitest';
import { newUuid } from '../../src/engine/ids.js';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newUuid', () => {
  it('is a lowercase version 7 UUID with the RFC 9562 variant', () => {
    for (let index = 0; index < 200; index++) {
      expect(newUuid()).toMatch(UUID_V7);
    }
  });

  it('starts with the creation time in milliseconds', () => {
    const now = Date.UTC(2026, 10, 23, 9, 30, 0, 123);
    const id = newUuid(now);
    expect(Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(now);
  });

  it('sorts ids of later milliseconds after earlier ones', () => {
    const start = Date.UTC(2026, 0, 1);
    const ids = Array.from({ length: 100 }, (_, index) => newUuid(start + index));
    expect([...ids].sort()).toEqual(ids);
  });

  it('never repeats within one millisecond', () => {
    const now = Date.now();
    const ids = new Set(Array.from({ length: 10_000 }, () => newUuid(now)));
    expect(ids.size).toBe(10_000);
  });
});
