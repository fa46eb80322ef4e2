import { describe, expect, it } from 'vitest';
import { changesNoState } from '../../src/cli/read-only.js';
import { SelectionError, selectCases } from '../../src/cli/select-cases.js';
import { prepareSuite } from '../../src/setup.js';

const { document, cases } = prepareSuite();
const select = (operations: string[], tags: string[], readOnly: boolean) =>
  selectCases(document, cases, { operations, tags, readOnly });
const operationsOf = (list: { operationId: string }[]) => [...new Set(list.map((item) => item.operationId))];

describe('selectCases', () => {
  it('keeps every case without a selection', () => {
    expect(select([], [], false)).toHaveLength(cases.length);
  });

  it('keeps the cases of the named operations', () => {
    expect(operationsOf(select(['transferGet', 'institutionsSearch'], [], false))).toEqual([
      'institutionsSearch',
      'transferGet',
    ]);
  });

  it('keeps the operations of a tag, and with --read-only only those that change no state', () => {
    expect(operationsOf(select([], ['Transfers'], false))).toEqual(
      expect.arrayContaining(['transferCreate', 'transferGet', 'transferList']),
    );
    expect(operationsOf(select([], ['Transfers'], true))).toEqual(['transferGet', 'transferList']);
    const readOnly = select([], [], true);
    expect(readOnly.every((item) => changesNoState(item))).toBe(true);
  });

  it.each([
    [['transferGett'], [], false, 'unknown operation "transferGett"'],
    [[], ['Transfer'], false, 'unknown tag "Transfer"'],
    [['transferCreate'], [], true, 'the selection keeps no case'],
  ])('refuses %j %j read-only=%s: %s', (operations, tags, readOnly, message) => {
    expect(() => select(operations, tags, readOnly)).toThrow(SelectionError);
    expect(() => select(operations, tags, readOnly)).toThrow(message);
  });
});
