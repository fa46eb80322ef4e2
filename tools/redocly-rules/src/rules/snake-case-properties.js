/** Wire names are snake_case: lower-case words joined by `_`, digits allowed. */
export const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

/** Every schema property name is snake_case. */
export default function snakeCaseProperties() {
  return {
    /** @param {any} schema @param {any} ctx Redocly visitor context */
    Schema(schema, ctx) {
      for (const property of Object.keys(schema.properties ?? {})) {
        if (!SNAKE_CASE.test(property)) {
          ctx.report({
            message: `Property "${property}" must be snake_case.`,
            location: ctx.location.child(['properties', property]).key(),
          });
        }
      }
    },
  };
}
