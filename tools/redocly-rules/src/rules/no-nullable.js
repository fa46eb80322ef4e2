/** OpenAPI 3.1 spells nullability `type: [X, 'null']`; the 3.0 `nullable` keyword is banned. */
export default function noNullable() {
  return {
    /** @param {any} schema @param {any} ctx Redocly visitor context */
    Schema(schema, ctx) {
      if (Object.hasOwn(schema, 'nullable')) {
        ctx.report({
          message: "Use type: [X, 'null'] instead of the OpenAPI 3.0 keyword nullable.",
          location: ctx.location.child(['nullable']).key(),
        });
      }
    },
  };
}
