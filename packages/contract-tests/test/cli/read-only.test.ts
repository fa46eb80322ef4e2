import { listOperations } from '@svc/openapi-kit';
import { describe, expect, it } from 'vitest';
import { changesNoState } from '../../src/cli/read-only.js';
import { loadDocuments } from '../../src/setup.js';

describe('changesNoState', () => {
  it.each([
    ['/transfer/get', true],
    ['/payment_initiation/recipient/list', true],
    ['/institutions/search', true],
    ['/sandbox/clock/get', true],
    ['/transfer/create', false],
    ['/item/remove', false],
    ['/transfer/event/sync', false],
    ['/signal/evaluate', false],
    ['/sandbox/clock/advance', false],
    ['/item/get/remove', false],
    ['/', false],
  ])('%s → %s', (path, expected) => {
    expect(changesNoState({ path })).toBe(expected);
  });

  it('keeps some but not all of the spec operations', () => {
    const operations = listOperations(loadDocuments().document);
    const readOnly = operations.filter(changesNoState).map((entry) => entry.operationId);
    expect(readOnly).toEqual(expect.arrayContaining(['transferGet', 'transferList', 'institutionsSearch']));
    expect(readOnly).not.toContain('transferCreate');
    expect(readOnly.length).toBeLessThan(operations.length);
  });
});
