/**
 * Which operations `svc-contract --read-only` runs: those that change no state, decided from the
 * spec. Every operation of this API is a `POST` (the body carries the credentials), so the method
 * says nothing; the path does. An operation changes no state when the last segment of its path
 * names a read: `get`, `list` or `search` (`/transfer/get`, `/payment_initiation/recipient/list`,
 * `/institutions/search`, `/sandbox/clock/get`). Everything else (`create`, `remove`, `update`,
 * `cancel`, `exchange`, `simulate`, `advance`, `sync`, which moves an event cursor, `evaluate`,
 * `refresh`...) is treated as changing state, so a shared environment is never written to.
 */
import type { OperationEntry } from '@svc/openapi-kit';

/** The last path segments that name an operation that only reads. */
export const READ_ONLY_ACTIONS: readonly string[] = ['get', 'list', 'search'];

/** Whether the operation at `path` changes no state (see the module comment for the rule). */
export function changesNoState(entry: Pick<OperationEntry, 'path'>): boolean {
  const action = entry.path.split('/').filter(Boolean).at(-1) ?? '';
  return READ_ONLY_ACTIONS.includes(action);
}
