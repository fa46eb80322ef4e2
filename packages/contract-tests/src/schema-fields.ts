/** A JSON Schema node of the dereferenced document (no `$ref` left). */
export type Schema = Record<string, unknown>;

/** One field of a request body: where it is, its schema, and whether its parent requires it. */
export interface Field {
  /** Path from the body root, e.g. `['options', 'count']`. */
  path: string[];
  schema: Schema;
  required: boolean;
}

/**
 * The effective `properties` and `required` of an object schema, merging `allOf` parts (our spec
 * composes some request objects, and `$ref` siblings dereference into `allOf`).
 */
export function objectShape(schema: Schema): { properties: Record<string, Schema>; required: string[] } {
  const properties: Record<string, Schema> = { ...((schema.properties as Record<string, Schema> | undefined) ?? {}) };
  const required = new Set<string>((schema.required as string[] | undefined) ?? []);
  for (const part of (schema.allOf as Schema[] | undefined) ?? []) {
    const shape = objectShape(part);
    Object.assign(properties, shape.properties);
    for (const name of shape.required) {
      required.add(name);
    }
  }
  return { properties, required: [...required] };
}

/** The schema's constraint keywords, merged over `allOf` (a `$ref` with sibling keywords). */
export function flatten(schema: Schema): Schema {
  const parts = (schema.allOf as Schema[] | undefined) ?? [];
  return parts.reduce<Schema>((merged, part) => ({ ...flatten(part), ...merged }), { ...schema, allOf: undefined });
}

/** The JSON types a schema allows (`type: [string, 'null']` → both). */
export function typesOf(schema: Schema): string[] {
  const type = flatten(schema).type;
  if (Array.isArray(type)) {
    return type as string[];
  }
  return typeof type === 'string' ? [type] : [];
}

/**
 * Every field of the request schema, depth first: top-level properties, then the properties of
 * nested objects that the example body carries (a nested object the example omits is reached
 * through its own field, not its children).
 */
export function listFields(schema: Schema, example: unknown, path: string[] = []): Field[] {
  const { properties, required } = objectShape(flatten(schema));
  const fields: Field[] = [];
  for (const [name, propertySchema] of Object.entries(properties)) {
    const fieldPath = [...path, name];
    fields.push({ path: fieldPath, schema: propertySchema, required: required.includes(name) });
    const value = (example as Record<string, unknown> | undefined)?.[name];
    if (value && typeof value === 'object' && !Array.isArray(value) && typesOf(propertySchema).includes('object')) {
      fields.push(...listFields(propertySchema, value, fieldPath));
    }
  }
  return fields;
}
