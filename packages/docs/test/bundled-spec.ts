/**
 * The bundled spec as the tests see it: the document, and every operation and webhook a reader
 * must find in the reference.
 */
import { readFileSync } from 'node:fs';
import { listOperations, type OpenApiDocument, type Operation } from '@svc/openapi-kit';
import { openapiJsonPath } from '@svc/spec';

/** One operation or webhook of the document, as the reference lists it. */
export interface ListedOperation {
  /** `/item/remove` for an operation, the webhook's name (`DEFAULT_UPDATE`) for a webhook. */
  key: string;
  operationId: string;
  summary: string;
  tag: string;
  webhook: boolean;
}

/** Reads `@svc/spec/openapi.json`. */
export function readBundledSpec(): OpenApiDocument {
  return JSON.parse(readFileSync(openapiJsonPath, 'utf8')) as OpenApiDocument;
}

function listed(key: string, operation: Operation, webhook: boolean): ListedOperation {
  const { operationId, summary, tags } = operation;
  if (!operationId || !summary || tags?.length !== 1 || !tags[0]) {
    throw new Error(`${key} needs an operationId, a summary and exactly one tag to be listed in the reference`);
  }
  return { key, operationId, summary, tag: tags[0], webhook };
}

/** Every operation under `paths` and every webhook, in document order. */
export function listedOperations(document: OpenApiDocument): ListedOperation[] {
  const operations = listOperations(document).map((entry) => listed(entry.path, entry.operation, false));
  const webhooks = Object.entries(document.webhooks ?? {}).flatMap(([name, item]) =>
    item.post ? [listed(name, item.post, true)] : [],
  );
  return [...operations, ...webhooks];
}

/** The names of the document's `x-tagGroups`. */
export function tagGroupNames(document: OpenApiDocument): string[] {
  const groups = (document['x-tagGroups'] ?? []) as Array<{ name: string }>;
  return groups.map((group) => group.name);
}
