/**
 * The part of a dereferenced OpenAPI document that request validation reads: each operation's
 * operationId, parameters and request body, and the path items' parameters. The bundled spec's
 * dereferenced twin is 7 MB, nearly all of it responses; handing Ajv only this part (about 0.2 MB)
 * spares the mock's start-up a walk through the rest.
 */
type JsonObject = Record<string, unknown>;

/**
 * The request part of `document`, which must hold no `$ref` (a dereferenced document): anything
 * else a `$ref` could point at is left out.
 */
export function requestDocumentOf(document: JsonObject): JsonObject {
  const paths: JsonObject = {};
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, JsonObject>)) {
    const kept: JsonObject = {};
    for (const [key, value] of Object.entries(item)) {
      if (key === 'parameters') {
        kept.parameters = value;
      } else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        // An operation (the validator reads the HTTP methods only, so other objects do no harm).
        const { operationId, parameters, requestBody } = value as JsonObject;
        kept[key] = { operationId, parameters, requestBody };
      }
    }
    paths[path] = kept;
  }
  return { openapi: document.openapi, paths };
}
