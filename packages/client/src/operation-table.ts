/**
 * Expands the generated operation table (src/generated/operations.gen.ts) from the compact form
 * the generator writes: the paths grouped by their first segment, each with a one-letter retry
 * policy mark, and the paging of the paged operations by name. The name of an operation is its
 * camelCased path (`/transfer/event/sync`: `transferEventSync`), so the table states it only when
 * it differs. Stored this way the table costs a browser bundle a third of what an object literal
 * does.
 */
import type { OperationInfo, Paging, RetryPolicy } from './operation-info.js';

/** The retry policy of each one-letter mark. */
const POLICIES: Record<string, RetryPolicy> = { r: 'read', i: 'idempotent', u: 'unsafe' };

/** The operationId of a path by the API's naming rule: `/bank_transfer/get` → `bankTransferGet`. */
export function operationNameOf(path: string): string {
  return path.slice(1).replace(/[/_](.)/g, (_, letter: string) => letter.toUpperCase());
}

/**
 * The table, by operation name. `entries` is space-separated groups
 * `<first segment>:<entry>,<entry>…`, an entry `<r|i|u><rest of the path>[=<name>]`; `paging` is
 * the paging of each paged operation.
 * @example expandOperationTable('transfer:icreate,rget,rlist', { transferList: { kind: 'offset', … } })
 */
export function expandOperationTable<Table extends { [Name in keyof Table]: OperationInfo }>(
  entries: string,
  paging: Record<string, Paging>,
): Table {
  const table: Record<string, OperationInfo> = {};
  for (const group of entries.split(' ')) {
    const [first, list = ''] = group.split(':');
    for (const entry of list.split(',')) {
      const [tail, stated] = entry.slice(1).split('=');
      const path = `/${first}/${tail}`;
      const name = stated ?? operationNameOf(path);
      const info: OperationInfo = { path, retry: POLICIES[entry[0] as string] as RetryPolicy };
      if (paging[name]) {
        info.paging = paging[name];
      }
      table[name] = info;
    }
  }
  return table as unknown as Table;
}
