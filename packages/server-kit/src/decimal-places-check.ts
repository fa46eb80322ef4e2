/**
 * The `x-decimal-places` rule of the API's request schemas for validators that do not know the
 * keyword: the mock validates requests with Prism's engine, whose Ajv cannot be given it, so it
 * checks this rule with the function below. The sandbox's validator applies the same keyword
 * through `@svc/openapi-ajv`; both word a violation the same way (the keyword's message).
 */
import { DECIMAL_PLACES_KEYWORD, decimalPlacesMessage, hasAtMostDecimalPlaces } from '@svc/openapi-ajv';
import { resolve } from './request-validator.js';
import type { FieldViolation } from './validation-error.js';

export { DECIMAL_PLACES_KEYWORD, hasAtMostDecimalPlaces };

type JsonObject = Record<string, unknown>;

/** One number field of a request body that carries `x-decimal-places`. */
interface DecimalField {
  path: readonly string[];
  places: number;
}

/** Checks request bodies against the `x-decimal-places` rules of their operation. */
export type DecimalPlacesCheck = (operationId: string, body: unknown) => FieldViolation[];

/**
 * Finds, for every operation of `document`, the body fields (object properties, through `$ref`s;
 * not inside arrays) whose schema has `x-decimal-places`, and returns a check of a body against
 * them: a violation per field whose number has more decimal places than allowed.
 */
export function createDecimalPlacesCheck(document: JsonObject): DecimalPlacesCheck {
  const fields = new Map<string, DecimalField[]>();
  for (const rawItem of Object.values((document.paths ?? {}) as JsonObject)) {
    for (const rawOperation of Object.values(resolve(document, rawItem))) {
      const operation = rawOperation as JsonObject;
      if (typeof operation !== 'object' || operation === null || typeof operation.operationId !== 'string') {
        continue;
      }
      const body = operation.requestBody ? resolve(document, operation.requestBody) : undefined;
      const media = (body?.content as JsonObject | undefined)?.['application/json'] as JsonObject | undefined;
      const found: DecimalField[] = [];
      collect(document, media?.schema, [], found, 0);
      if (found.length > 0) {
        fields.set(operation.operationId, found);
      }
    }
  }
  return (operationId, body) =>
    (fields.get(operationId) ?? []).flatMap(({ path, places }) => {
      const value = path.reduce<unknown>(
        (node, key) => (node !== null && typeof node === 'object' ? (node as JsonObject)[key] : undefined),
        body,
      );
      return typeof value === 'number' && !hasAtMostDecimalPlaces(value, places)
        ? [
            {
              location: 'body' as const,
              path,
              keyword: DECIMAL_PLACES_KEYWORD,
              message: decimalPlacesMessage(places),
              value,
            },
          ]
        : [];
    });
}

function collect(document: JsonObject, node: unknown, path: string[], found: DecimalField[], depth: number): void {
  if (node === undefined || depth > 10) {
    return;
  }
  const schema = resolve(document, node);
  const places = schema[DECIMAL_PLACES_KEYWORD];
  if (typeof places === 'number') {
    found.push({ path, places });
  }
  for (const [name, property] of Object.entries((schema.properties ?? {}) as JsonObject)) {
    collect(document, property, [...path, name], found, depth + 1);
  }
}
