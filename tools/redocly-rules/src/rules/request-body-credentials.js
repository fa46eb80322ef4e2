import { forEachOperation, jsonMediaType, resolveAt } from '../openapi-walk.js';

/**
 * Every request body is a closed object (`additionalProperties: false`, so unknown fields are
 * rejected) that accepts the optional `client_id` and `secret` credential fields.
 */
export default function requestBodyCredentials() {
  return {
    /** @param {any} paths @param {any} ctx Redocly visitor context */
    Paths(paths, ctx) {
      forEachOperation(paths, ctx, ({ operation, location, name }) => {
        const request = jsonMediaType(operation.requestBody, location.child(['requestBody']), ctx);
        const schema = resolveAt(request.node?.schema, request.location.child(['schema']), ctx).node;
        if (!schema) {
          return;
        }
        const at = location.child(['requestBody']);
        if (schema.additionalProperties !== false) {
          ctx.report({
            message: `${name}: the request body schema must set additionalProperties: false.`,
            location: at,
          });
        }
        for (const field of ['client_id', 'secret']) {
          if (!schema.properties?.[field]) {
            ctx.report({
              message: `${name}: the request body schema must accept the optional ${field} field.`,
              location: at,
            });
          } else if ((schema.required ?? []).includes(field)) {
            ctx.report({
              message: `${name}: ${field} must stay optional in the body (it may come as a header).`,
              location: at,
            });
          }
        }
      });
    },
  };
}
