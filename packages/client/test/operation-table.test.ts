import { readFileSync } from 'node:fs';
import { openapiJsonPath } from '@svc/spec';
import { describe, expect, it } from 'vitest';
import { operationTable } from '../src/index.js';
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
    const table = expandOperationTable('a_b:rlist a:icreate,uodd_path=aRenamed', { aBList: paging });
    expect(table).toEqual({
      aBList: { path: '/a_b/list', retry: 'read', paging },
      aCreate: { path: '/a/create', retry: 'idempotent' },
      aRenamed: { path: '/a/odd_path', retry: 'unsafe' },
    });
    expect(Object.keys(table)).toEqual(['aBList', 'aCreate', 'aRenamed']);
  });
});

describe('operationTable', () => {
  it('holds the path, retry policy and paging of every operation of the spec, by operationId', async () => {
    const spec = JSON.parse(readFileSync(openapiJsonPath, 'utf8'));
    // The generator's own reading of the spec (a JS module without declarations).
    const { describeOperations } = (await import('@svc/codegen' as string)) as {
      describeOperations(document: unknown): { name: string; path: string; retry: string; paging?: object }[];
    };
    const want = Object.fromEntries(
      describeOperations(spec).map(({ name, path, retry, paging }) => [
        name,
        paging ? { path, retry, paging } : { path, retry },
      ]),
    );
    expect(operationTable).toEqual(want);
  });
});
