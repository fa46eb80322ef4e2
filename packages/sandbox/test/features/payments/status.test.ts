import { describe, expect, it } from 'vitest';
import {
  AUTHORISATION_WINDOW_MS,
  effectiveStatus,
  nextStatuses,
  pathBetween,
  reachableStatuses,
} from '../../../src/features/payments/status.js';

describe('payment status transitions', () => {
  it.each([
    [
      'one_time',
      'PAYMENT_STATUS_INPUT_NEEDED',
      'PAYMENT_STATUS_EXECUTED',
      ['PAYMENT_STATUS_PROCESSING', 'PAYMENT_STATUS_INITIATED', 'PAYMENT_STATUS_EXECUTED'],
    ],
    ['one_time', 'PAYMENT_STATUS_INPUT_NEEDED', 'PAYMENT_STATUS_CANCELLED', ['PAYMENT_STATUS_CANCELLED']],
    [
      'one_time',
      'PAYMENT_STATUS_INPUT_NEEDED',
      'PAYMENT_STATUS_REJECTED',
      ['PAYMENT_STATUS_PROCESSING', 'PAYMENT_STATUS_REJECTED'],
    ],
    ['one_time', 'PAYMENT_STATUS_INITIATED', 'PAYMENT_STATUS_FAILED', ['PAYMENT_STATUS_FAILED']],
    ['one_time', 'PAYMENT_STATUS_EXECUTED', 'PAYMENT_STATUS_COMPLETED', ['PAYMENT_STATUS_COMPLETED']],
    [
      'standing_order',
      'PAYMENT_STATUS_INPUT_NEEDED',
      'PAYMENT_STATUS_ESTABLISHED',
      ['PAYMENT_STATUS_PROCESSING', 'PAYMENT_STATUS_ESTABLISHED'],
    ],
    ['standing_order', 'PAYMENT_STATUS_PROCESSING', 'PAYMENT_STATUS_BLOCKED', ['PAYMENT_STATUS_BLOCKED']],
    ['one_time', 'PAYMENT_STATUS_EXECUTED', 'PAYMENT_STATUS_EXECUTED', []],
  ] as const)('%s: %s → %s', (kind, from, to, path) => {
    expect(pathBetween(kind, from, to)).toEqual(path);
  });

  it.each([
    ['one_time', 'PAYMENT_STATUS_INPUT_NEEDED', 'PAYMENT_STATUS_ESTABLISHED'],
    ['standing_order', 'PAYMENT_STATUS_INPUT_NEEDED', 'PAYMENT_STATUS_EXECUTED'],
    ['standing_order', 'PAYMENT_STATUS_PROCESSING', 'PAYMENT_STATUS_INITIATED'],
    ['one_time', 'PAYMENT_STATUS_EXECUTED', 'PAYMENT_STATUS_CANCELLED'],
    ['one_time', 'PAYMENT_STATUS_COMPLETED', 'PAYMENT_STATUS_EXECUTED'],
    ['one_time', 'PAYMENT_STATUS_EXECUTED', 'PAYMENT_STATUS_FAILED'],
    ['one_time', 'PAYMENT_STATUS_PROCESSING', 'PAYMENT_STATUS_CANCELLED'],
    ['one_time', 'PAYMENT_STATUS_EXPIRED', 'PAYMENT_STATUS_PROCESSING'],
    ['one_time', 'PAYMENT_STATUS_INPUT_NEEDED', 'PAYMENT_STATUS_EXPIRED'],
  ] as const)('%s: %s cannot reach %s', (kind, from, to) => {
    expect(pathBetween(kind, from, to)).toBeUndefined();
  });

  it('has final statuses with no way out', () => {
    for (const status of [
      'PAYMENT_STATUS_COMPLETED',
      'PAYMENT_STATUS_ESTABLISHED',
      'PAYMENT_STATUS_INSUFFICIENT_FUNDS',
      'PAYMENT_STATUS_REJECTED',
      'PAYMENT_STATUS_FAILED',
      'PAYMENT_STATUS_BLOCKED',
      'PAYMENT_STATUS_CANCELLED',
      'PAYMENT_STATUS_EXPIRED',
    ] as const) {
      expect(nextStatuses('one_time', status), status).toEqual([]);
      expect(nextStatuses('standing_order', status), status).toEqual([]);
    }
  });

  it('lists what an executed payment can still reach', () => {
    expect(reachableStatuses('one_time', 'PAYMENT_STATUS_EXECUTED')).toEqual(['PAYMENT_STATUS_COMPLETED']);
  });
});

describe('expiry 24 hours after creation, from the clock', () => {
  const created = '2026-11-02T10:00:00.000Z';
  const expires = new Date(Date.parse(created) + AUTHORISATION_WINDOW_MS).toISOString();
  const stored = { status: 'PAYMENT_STATUS_INPUT_NEEDED', last_status_update: created, expires_at: expires };

  it('still awaits input a millisecond before', () => {
    expect(effectiveStatus(stored, new Date(Date.parse(expires) - 1))).toEqual({
      status: 'PAYMENT_STATUS_INPUT_NEEDED',
      lastStatusUpdate: created,
    });
  });

  it('is expired at payment_expiration_time, changed at that instant', () => {
    expect(effectiveStatus(stored, new Date(expires))).toEqual({
      status: 'PAYMENT_STATUS_EXPIRED',
      lastStatusUpdate: expires,
    });
  });

  it('does not expire a payment that moved on', () => {
    const executed = { ...stored, status: 'PAYMENT_STATUS_EXECUTED' };
    expect(effectiveStatus(executed, new Date(Date.parse(expires) + 1)).status).toBe('PAYMENT_STATUS_EXECUTED');
  });
});
