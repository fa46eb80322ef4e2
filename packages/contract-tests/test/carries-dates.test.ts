import { describe, expect, it } from 'vitest';
import { carriesDates } from '../src/carries-dates.js';
import type { ContractCase } from '../src/cases/types.js';

const base: ContractCase = {
  operationId: 'op',
  path: '/op',
  kind: 'success',
  name: 'case',
  body: {},
  credentials: 'headers',
  mockOnly: false,
  expect: { status: 200, schemaPointer: '#/x' },
};

describe('carriesDates', () => {
  it.each([
    [{ schedule: { start_date: '2032-03-01' } }, true],
    [{ start_date: '2026-11-01T00:00:00Z' }, true],
    [{ options: { days_requested: 30 } }, false],
    [{ reference: 'INV-2026-0042' }, false],
    [{ client_user_id: 'user-2026-11-20x' }, false],
  ])('%j → %s', (body, expected) => {
    expect(carriesDates({ ...base, body })).toBe(expected);
  });

  it('leaves out document examples, which are not sent', () => {
    expect(carriesDates({ ...base, kind: 'error-example', body: { start_date: '2032-03-01' } })).toBe(false);
  });
});
