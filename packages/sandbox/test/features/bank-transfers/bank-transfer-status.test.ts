import { describe, expect, it } from 'vitest';
import {
  availableDelta,
  BANK_TRANSFER_TRANSITIONS,
  type BankTransferStatus,
  canMoveBankTransfer,
  defaultFailureReason,
  directionOf,
  receiverDetailsOf,
  SIMULATION_SOURCE,
} from '../../../src/features/bank-transfers/bank-transfer-status.js';
import {
  canMoveTransfer,
  isFinalTransferStatus,
  transferStatusesBefore,
} from '../../../src/features/transfers/index.js';

const ALL: BankTransferStatus[] = ['pending', 'posted', 'cancelled', 'failed', 'reversed'];
const ALLOWED = new Set(['pending>cancelled', 'pending>posted', 'pending>failed', 'posted>reversed']);

describe('bank transfer statuses', () => {
  it.each(ALL.flatMap((from) => ALL.map((to) => [from, to] as const)))('%s → %s follows the spec table', (from, to) => {
    expect(canMoveBankTransfer(from, to)).toBe(ALLOWED.has(`${from}>${to}`));
  });

  it('simulates each network event only from the status the table allows', () => {
    for (const [event, from] of Object.entries(SIMULATION_SOURCE)) {
      expect(BANK_TRANSFER_TRANSITIONS[from]).toContain(event);
    }
    expect(SIMULATION_SOURCE).toEqual({ posted: 'pending', failed: 'pending', reversed: 'posted' });
  });

  it('maps type to direction', () => {
    expect(directionOf('credit')).toBe('outbound');
    expect(directionOf('debit')).toBe('inbound');
  });

  it('gives ACH failures an R01 return code and wires none', () => {
    expect(defaultFailureReason('ach')).toEqual({ ach_return_code: 'R01', description: 'Insufficient funds' });
    expect(defaultFailureReason('same-day-ach').ach_return_code).toBe('R01');
    expect(defaultFailureReason('wire')).toEqual({ ach_return_code: null, description: 'Simulated failure' });
  });

  it('reports receiver details only once the network is involved', () => {
    expect(receiverDetailsOf('pending', null)).toBeNull();
    expect(receiverDetailsOf('cancelled', null)).toBeNull();
    expect(receiverDetailsOf('posted', null)).toEqual({ available_balance: 'available' });
    expect(receiverDetailsOf('reversed', { ach_return_code: 'R01', description: 'x' })).toEqual({
      available_balance: 'unavailable',
    });
    expect(receiverDetailsOf('failed', { ach_return_code: 'R02', description: 'Account closed' })).toBeNull();
  });

  it('moves the available balance: credits reserve and release, debits add when posted', () => {
    expect(availableDelta('pending', 'outbound', 1234)).toBe(-1234);
    expect(availableDelta('posted', 'outbound', 1234)).toBe(0);
    for (const to of ['cancelled', 'failed', 'reversed'] as const) {
      expect(availableDelta(to, 'outbound', 1234)).toBe(1234);
    }
    expect(availableDelta('pending', 'inbound', 1234)).toBe(0);
    expect(availableDelta('posted', 'inbound', 1234)).toBe(1234);
    expect(availableDelta('reversed', 'inbound', 1234)).toBe(-1234);
    expect(availableDelta('cancelled', 'inbound', 1234)).toBe(0);
  });
});

describe('transfer statuses', () => {
  it('follows the spec table', () => {
    expect(canMoveTransfer('pending', 'cancelled')).toBe(true);
    expect(canMoveTransfer('posted', 'cancelled')).toBe(false);
    expect(canMoveTransfer('settled', 'returned')).toBe(true);
    expect(canMoveTransfer('returned', 'pending')).toBe(false);
    expect(transferStatusesBefore('returned')).toEqual(['posted', 'settled']);
    expect(isFinalTransferStatus('cancelled')).toBe(true);
    expect(isFinalTransferStatus('settled')).toBe(false);
  });
});
