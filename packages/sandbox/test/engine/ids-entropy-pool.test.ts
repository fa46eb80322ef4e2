/**
 * Random ids and UUIDs take their bytes from one pool refilled from the CSPRNG, not a call to it
 * per id (a transfer create makes both).
 */
import * as crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { newUuid, randomId } from '../../src/engine/ids.js';

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, randomBytes: vi.fn(actual.randomBytes), randomFillSync: vi.fn(actual.randomFillSync) };
});

const BASE62_ID = /^[0-9A-Za-z]{37}$/;

describe('the entropy pool of ids', () => {
  it('serves 100 random ids and 100 UUIDs with a few refills of the pool', () => {
    vi.mocked(crypto.randomBytes).mockClear();
    vi.mocked(crypto.randomFillSync).mockClear();
    const ids = Array.from({ length: 100 }, () => randomId());
    const uuids = Array.from({ length: 100 }, () => newUuid());
    expect(crypto.randomBytes).not.toHaveBeenCalled();
    // 100 × 37 + 100 × 16 bytes from a pool of 4,096: at most 3 refills.
    expect(vi.mocked(crypto.randomFillSync).mock.calls.length).toBeLessThanOrEqual(3);
    expect(new Set(ids).size).toBe(100);
    expect(new Set(uuids).size).toBe(100);
    for (const id of ids) {
      expect(id).toMatch(BASE62_ID);
    }
  });

  it('gives an id longer than the pool bytes of its own', () => {
    const id = randomId(5_000);
    expect(id).toHaveLength(5_000);
    expect(id).toMatch(/^[0-9A-Za-z]+$/);
  });
});
