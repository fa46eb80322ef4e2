/**
 * Which cases `svc-contract` runs: every case of the operations named with `--operation`, of those
 * tagged with a `--tag`, and, with `--read-only`, only of the operations that change no state
 * (`read-only.ts`). A name the spec does not know is an error naming it, so a typo never selects
 * nothing in silence.
 */
import { listOperations, type OpenApiDocument } from '@svc/openapi-kit';
import type { ContractCase } from '../cases/types.js';
import { changesNoState } from './read-only.js';

/** The selection of the command line. */
export interface CaseSelection {
  /** operationIds; empty: every operation. */
  operations: readonly string[];
  /** Tags; empty: every tag. An operation is kept when it has one of them. */
  tags: readonly string[];
  readOnly: boolean;
}

/** A selection naming an operation or a tag the spec does not have. */
export class SelectionError extends Error {}

/** The cases of `cases` the selection keeps; throws {@link SelectionError} on an unknown name or an empty result. */
export function selectCases(
  document: OpenApiDocument,
  cases: readonly ContractCase[],
  selection: CaseSelection,
): ContractCase[] {
  const operations = listOperations(document);
  const unknownOperations = selection.operations.filter((id) => !operations.some((entry) => entry.operationId === id));
  if (unknownOperations.length > 0) {
    throw new SelectionError(`unknown operation ${unknownOperations.map((id) => `"${id}"`).join(', ')}`);
  }
  const allTags = new Set(operations.flatMap((entry) => entry.operation.tags ?? []));
  const unknownTags = selection.tags.filter((tag) => !allTags.has(tag));
  if (unknownTags.length > 0) {
    throw new SelectionError(`unknown tag ${unknownTags.map((tag) => `"${tag}"`).join(', ')}`);
  }
  const kept = new Set(
    operations
      .filter((entry) => selection.operations.length === 0 || selection.operations.includes(entry.operationId))
      .filter(
        (entry) =>
          selection.tags.length === 0 || (entry.operation.tags ?? []).some((tag) => selection.tags.includes(tag)),
      )
      .filter((entry) => !selection.readOnly || changesNoState(entry))
      .map((entry) => entry.operationId),
  );
  const selected = cases.filter((item) => kept.has(item.operationId));
  if (selected.length === 0) {
    throw new SelectionError('the selection keeps no case (--read-only keeps only get, list and search operations)');
  }
  return selected;
}
