import { describe, expect, it } from 'vitest';
import { listWindow } from '../../../src/features/transfers/list-window.js';

describe('listWindow', () => {
  it('applies the defaults: no bounds, 25 from the newest', () => {
    expect(listWindow({})).toEqual({ ok: true, window: { start: null, end: null, count: 25, offset: 0 } });
  });

  it('treats null bounds as absent and normalizes offsets to UTC', () => {
    expect(listWindow({ start_date: null, end_date: '2026-11-30T23:59:59+01:00', count: 3, offset: 6 })).toEqual({
      ok: true,
      window: { start: null, end: '2026-11-30T22:59:59.000Z', count: 3, offset: 6 },
    });
  });

  it('accepts equal bounds (both inclusive)', () => {
    expect(listWindow({ start_date: '2026-11-02T15:04:35Z', end_date: '2026-11-02T15:04:35Z' }).ok).toBe(true);
  });

  it('refuses a start later than the end, naming start_date', () => {
    expect(listWindow({ start_date: '2026-12-01T00:00:00Z', end_date: '2026-11-30T23:59:59Z' })).toEqual({
      ok: false,
      field: 'start_date',
      message: '2026-12-01T00:00:00Z is later than end_date 2026-11-30T23:59:59Z',
    });
  });

  it('compares instants, not text: a later-looking start in another offset can be earlier', () => {
    expect(listWindow({ start_date: '2026-11-02T10:00:00+02:00', end_date: '2026-11-02T09:00:00Z' }).ok).toBe(true);
  });
});
