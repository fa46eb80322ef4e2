import { describe, expect, it } from 'vitest';
import { expandOperationTable, operationNameOf } from '../src/operation-table.js';

describe('operationNameOf', () => {
  it.each([
    ['/transfer/get', 'transferGet'],
    ['/bank_transfer/event/sync', 'bankTransferEventSync'],
    ['/processor/partner_a/processor_token/create', 'processorPartnerAProcessorTokenCreate'],
  ])('%s → %s', (path, name) => {
    expect(operationNameOf(path)).toBe(name);
  });
});

describe('expandOperationTable', () => {
  it('reads policy marks, derives names, takes a stated name and attaches paging by name', () => {
    const paging = { kind: 'cursor', items: 'payments', cursor: 'cursor', next: 'next_cursor' } as const;
    const table = expandOperationTable('r/a_b/list i/a/create u/a/odd_path=aRenamed', { aBList: paging });
    expect(table).toEqual({
      aBList: { path: '/a_b/list', retry: 'read', paging },
      aCreate: { path: '/a/create', retry: 'idempotent' },
      aRenamed: { path: '/a/odd_path', retry: 'unsafe' },
    });
    expect(Object.keys(table)).toEqual(['aBList', 'aCreate', 'aRenamed']);
  });
});
