import { jsonPointer, resolveLocalRef } from './json-pointer.js';
import type { ContentHolder, ExampleObject, HttpMethod, MediaTypeObject, OpenApiDocument, Operation } from './types.js';

const HTTP_METHODS: readonly HttpMethod[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The JSON media type every operation of this API uses. */
export const JSON_MEDIA_TYPE = 'application/json';

/** One operation of the document, located. */
export interface OperationEntry {
  /** The path template, e.g. `/item/remove`. */
  path: string;
  method: HttpMethod;
  /** The operationId, or `<METHOD> <path>` when the document lacks one (the lint forbids that). */
  operationId: string;
  operation: Operation;
  /** JSON Pointer of the operation in the document, e.g. `#/paths/~1item~1remove/post`. */
  pointer: string;
}

/** Every operation under `paths`, in document order. */
export function listOperations(document: OpenApiDocument): OperationEntry[] {
  const entries: OperationEntry[] = [];
  for (const [path, rawItem] of Object.entries(document.paths ?? {})) {
    const item = resolveLocalRef(document, rawItem);
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (operation) {
        entries.push({
          path,
          method,
          operationId: operation.operationId ?? `${method.toUpperCase()} ${path}`,
          operation,
          pointer: jsonPointer(['paths', path, method]),
        });
      }
    }
  }
  return entries;
}

/** A named example with its value, resolved. */
export interface NamedExample {
  name: string;
  summary: string | undefined;
  value: unknown;
}

/** The JSON media type of a request body or response, following a `$ref`'d response. */
export function jsonContent(document: OpenApiDocument, holder: ContentHolder | undefined): MediaTypeObject | undefined {
  if (!holder) {
    return undefined;
  }
  return resolveLocalRef(document, holder).content?.[JSON_MEDIA_TYPE];
}

/** The named examples of a media type (`examples`, or a lone `example` named `example`). */
export function namedExamples(document: OpenApiDocument, media: MediaTypeObject | undefined): NamedExample[] {
  if (!media) {
    return [];
  }
  if (media.examples) {
    return Object.entries(media.examples).map(([name, raw]) => {
      const example = resolveLocalRef<ExampleObject>(document, raw);
      return { name, summary: example.summary, value: example.value };
    });
  }
  return media.example === undefined ? [] : [{ name: 'example', summary: undefined, value: media.example }];
}

/** The named request examples of an operation. */
export function requestExamples(document: OpenApiDocument, entry: OperationEntry): NamedExample[] {
  return namedExamples(document, jsonContent(document, entry.operation.requestBody));
}

/** The declared response status codes of an operation (`'200'`, `'400'`, ...). */
export function responseStatuses(entry: OperationEntry): string[] {
  return Object.keys(entry.operation.responses ?? {});
}

/**
 * JSON Pointer of the JSON schema of an operation's response with `status`. A `$ref`'d response
 * (`#/components/responses/Unauthorized`) is followed, since a pointer cannot pass through a `$ref`.
 */
export function responseSchemaPointer(document: OpenApiDocument, entry: OperationEntry, status: string): string {
  let pointer = `${entry.pointer}/responses/${status}`;
  let response: ContentHolder | undefined = entry.operation.responses?.[status];
  while (response?.$ref) {
    pointer = response.$ref;
    response = resolveLocalRef<ContentHolder>(document, { $ref: response.$ref });
  }
  return `${pointer}/content/${JSON_MEDIA_TYPE.replace('/', '~1')}/schema`;
}

/** JSON Pointer of the JSON schema of an operation's request body. */
export function requestSchemaPointer(entry: OperationEntry): string {
  return `${entry.pointer}/requestBody/content/${JSON_MEDIA_TYPE.replace('/', '~1')}/schema`;
}

/** A named example of one declared response of an operation, with the schema it must match. */
export interface ResponseExample extends NamedExample {
  /** The response status it belongs to (`'200'`, `'400'`, ...). */
  status: string;
  /** JSON Pointer of that response's JSON schema (see {@link responseSchemaPointer}). */
  schemaPointer: string;
}

/** Every named example of every declared response of an operation, in declaration order. */
export function responseExamples(document: OpenApiDocument, entry: OperationEntry): ResponseExample[] {
  return Object.entries(entry.operation.responses ?? {}).flatMap(([status, response]) => {
    const schemaPointer = responseSchemaPointer(document, entry, status);
    return namedExamples(document, jsonContent(document, response)).map((example) => ({
      ...example,
      status,
      schemaPointer,
    }));
  });
}
