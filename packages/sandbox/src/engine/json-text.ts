/**
 * JSON text columns typed by what they hold: a `JsonText<T>` column is written only with
 * {@link toJsonText} of a `T`, so reading it back with {@link fromJsonText} gives a `T` without a
 * cast at the reader (a presenter turns the stored text into the API's object as it is typed).
 */

declare const holds: unique symbol;

/** The JSON text of a `T` (a string at run time; the type remembers what was serialized). */
export type JsonText<T> = string & { readonly [holds]: T };

/** The JSON text of `value`. */
export function toJsonText<T>(value: T): JsonText<T> {
  // The one place the brand is attached: the text is the serialization of a T.
  return JSON.stringify(value) as JsonText<T>;
}

/** The value a `JsonText<T>` holds. */
export function fromJsonText<T>(text: JsonText<T>): T {
  return JSON.parse(text);
}
