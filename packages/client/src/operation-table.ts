/**
 * Expands the generated operation table (src/generated/operations.gen.ts) from the compact form
 * the generator writes: one string of `<policy><path>` entries, and the paging of the paged
 * operations by name. The name of an operation is its camelCased path (`/transfer/event/sync`:
 * `transferEventSync`), so the table states it only when it differs (`<policy><path>=<name>`).
 * Stored this way the table costs a browser bundle a third of what an object literal does.
 */
import type { OperationInfo, Paging, RetryPolicy } from './operation-info.js';

/** The retry policy of each one-letter mark. */
const POLICIES: Record<string, RetryPolicy> = { r: 'read', i: 'idempotent', u: 'unsafe' };

/** The operationId of a path by the API's naming rule: `/bank_transfer/get` → `bankTransferGet`. */
export function operationNameOf(path: string): string {
  return path.slice(1).replace(/[/_](.)/g, (_, letter: string) => letter.toUpperCase());
}

/**
 * The table, by operation name: `entries` is space-separated `<r|i|u><path>[=<name>]`,
 * `paging` the paging of each paged operation.
 */
export function expandOperationTable<Table extends { [Name in keyof Table]: OperationInfo }>(
  entries: string,
  paging: Record<string, Paging>,
): Table {
  const table: Record<string, OperationInfo> = {};
  for (const entry of entries.split(' ')) {
    const [path = '', name = operationNameOf(path)] = entry.slice(1).split('=');
    const info: OperationInfo = { path, retry: POLICIES[entry[0] as string] as RetryPolicy };
    if (paging[name]) {
      info.paging = paging[name];
    }
    table[name] = info;
  }
  return table as unknown as Table;
}
